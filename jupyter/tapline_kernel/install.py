"""Installs the `tapline` kernel spec, so Jupyter lists the kernel."""

import argparse
import json
import os
import sys
import tempfile

from jupyter_client.kernelspec import KernelSpecManager

from .machine import MachineError, find_binary

NAME = "tapline"


def kernel_spec(tapline=None):
    spec = {
        "argv": [sys.executable, "-m", "tapline_kernel", "-f", "{connection_file}"],
        "display_name": "Tapline",
        "language": "tapline",
        "interrupt_mode": "signal",
        "metadata": {"debugger": False},
    }
    if tapline:
        spec["env"] = {"TAPLINE": os.path.abspath(tapline)}
    return spec


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m tapline_kernel install", description="Install the Tapline kernel for Jupyter.")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--user", action="store_true", help="for this user (~/.local/share/jupyter)")
    where.add_argument("--sys-prefix", action="store_true", help="into this Python's prefix (a virtual environment)")
    where.add_argument("--prefix", help="under PREFIX/share/jupyter")
    parser.add_argument("--tapline", help="the tapline binary the kernel runs (default: $TAPLINE, else tapline on PATH when the kernel starts)")
    arguments = parser.parse_args(argv)
    if arguments.tapline and not os.access(arguments.tapline, os.X_OK):
        parser.error(f"{arguments.tapline} is not an executable file")
    if not arguments.tapline:
        try:
            print(f"the kernel will run {find_binary()}")
        except MachineError as error:
            print(f"note: {error}", file=sys.stderr)
    prefix = sys.prefix if arguments.sys_prefix else arguments.prefix
    with tempfile.TemporaryDirectory() as directory:
        with open(os.path.join(directory, "kernel.json"), "w") as file:
            json.dump(kernel_spec(arguments.tapline), file, indent=2)
        destination = KernelSpecManager().install_kernel_spec(
            directory, NAME, user=arguments.user or (prefix is None and os.geteuid() != 0), prefix=prefix
        )
    print(f"installed the Tapline kernel in {destination}")
    return 0
