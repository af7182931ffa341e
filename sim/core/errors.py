class InputError(ValueError):
    """Bad user input (flag, file or record). The CLI prints it as one line and exits 2."""
