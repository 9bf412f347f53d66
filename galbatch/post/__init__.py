"""The post room: order files in by e-mail, acknowledgements, sign-ups, printouts out.

Built on the standard library's `mailbox`, `email` and `smtplib`. Everything a
player sent is kept; every message gets an entry in the intake log and never a
traceback; every mail written to `outbox/` has the same bytes for the same inputs.
Nothing here is imported until a post command runs.
"""
