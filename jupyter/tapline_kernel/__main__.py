"""`python -m tapline_kernel install [--user | --sys-prefix | --prefix P] [--tapline PATH]`
installs the kernel spec; `python -m tapline_kernel -f CONNECTION_FILE` is how Jupyter
starts the kernel."""

import sys

from .install import main as install_main


def main(argv):
    if argv[:1] == ["install"]:
        return install_main(argv[1:])
    from ipykernel.kernelapp import IPKernelApp

    from .kernel import TaplineKernel

    IPKernelApp.launch_instance(kernel_class=TaplineKernel)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
