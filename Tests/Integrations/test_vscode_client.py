"""The VS Code extension starts `tapline lsp` and speaks to it: editors/vscode/extension.js
run under node against a stand-in for VS Code's API (vscode_client.js) and the real
language server."""
import os
import shutil
import subprocess
import unittest

from test_completion import find_binary

HERE = os.path.dirname(os.path.abspath(__file__))


class VSCodeClientTest(unittest.TestCase):
    def test_the_extension_gets_diagnostics_hover_completion_and_a_definition(self):
        node, binary = shutil.which("node"), find_binary()
        if node is None or binary is None:
            self.skipTest("needs node and a built tapline")
        result = subprocess.run([node, os.path.join(HERE, "vscode_client.js"), binary],
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "ok")


if __name__ == "__main__":
    unittest.main()
