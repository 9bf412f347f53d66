"""Maps: each map model (its plain data and its fixed-width text) beside the module that
draws it as vectors in a PDF printout."""
