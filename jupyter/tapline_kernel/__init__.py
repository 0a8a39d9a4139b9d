"""A Jupyter kernel for Tapline (one session a notebook, through `tapline --machine`) and
a Pygments lexer for the language."""

__version__ = "0.1.0"
