"""`tapline serve` as a learner uses it: the page in headless Chromium (Debian's chromium and
chromium-driver), driven with Selenium from PyPI. It loads the seed program, clicks the
seed's buttons and reads the page's DOM: the views mount and dismantle, the output grows,
the marble lanes grow as the clock moves. With TAPLINE_SCREENSHOTS=DIR it also saves
screenshots of the seed program, a switchToLatest program and a lesson.

Run: python -m unittest discover -s Tests/Browser (TAPLINE: the binary; else the release build, else the debug build).
"""

import os
import pathlib
import re
import sys
import time
import unittest
import base64

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "Integrations"))
import serving  # noqa: E402  (beside the server tests, which start it the same way)
from test_completion import find_binary  # noqa: E402  (the server tests find it so too)
TAPLINE = find_binary()
SHOTS = os.environ.get("TAPLINE_SCREENSHOTS")

SWITCH_PROGRAM = """subject query: String
func search(_ q: String) -> AnyPublisher<String, Never> {
  Just("results for \\(q)").delay(for: 300ms, scheduler: RunLoop.main).eraseToAnyPublisher()
}
query.map { search($0) }.switchToLatest().sink { print($0) }
send query "sw"
wait 100ms
send query "swift"
"""


class Server(serving.Server):
    """`tapline serve` on a free port (the one helper the server tests use too)."""

    def __init__(self, *arguments):
        super().__init__(TAPLINE, *arguments, cwd=ROOT)


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


class PlaygroundTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.driver = browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def open(self, *arguments):
        server = Server(*arguments)
        self.addCleanup(server.stop)
        self.driver.get(server.url)
        self.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, "#buttons button.tap, #lesson:not([hidden])"))
        return server

    def wait_for(self, condition, timeout=10):
        return WebDriverWait(self.driver, timeout).until(lambda _: condition())

    def view_state(self, name):
        panel = self.driver.find_element(By.CSS_SELECTOR, f'.view-panel[data-view="{name}"]')
        return panel.get_attribute("data-state")

    def marks(self):
        return len(self.driver.find_elements(By.CSS_SELECTOR, "#marbles svg g.mark"))

    def events(self):
        """The events the diagram's marks stand for (each mark's title lists them)."""
        titles = self.driver.execute_script(
            "return [...document.querySelectorAll('#marbles svg g.mark title')].map(t => t.textContent).join('\\n')")
        return len(re.findall(r"^\[", titles, re.MULTILINE))

    def output(self):
        return self.driver.find_element(By.ID, "output").text

    def tap(self, name):
        self.driver.find_element(By.CSS_SELECTOR, f'#buttons button.tap[data-name="{name}"]').click()

    def shoot(self, name):
        if SHOTS:
            pathlib.Path(SHOTS).mkdir(parents=True, exist_ok=True)
            self.driver.save_screenshot(str(pathlib.Path(SHOTS) / f"{name}.png"))

    def test_the_seed_program_mounts_and_dismantles_its_views(self):
        self.open("scripts/examples/map-views.tapline")
        # The program ran: its last line taps setApple, so the Apple view is the one mounted.
        self.wait_for(lambda: self.view_state("AppleMapView") == "mounted")
        self.assertEqual(self.view_state("GoogleMapView"), "dismantled")
        titles = [b.text for b in self.driver.find_elements(By.CSS_SELECTOR, "#buttons button.tap")]
        self.assertEqual(titles, ["set aaa", "set bbb", "set apple", "set google"])
        before = self.events()
        self.tap("setGoogle")
        self.wait_for(lambda: self.view_state("GoogleMapView") == "mounted")
        self.assertEqual(self.view_state("AppleMapView"), "dismantled")
        value = self.driver.find_element(By.CSS_SELECTOR, '#values [data-name="currentMapCompany"]').text
        self.assertEqual(value, '@Published currentMapCompany = "google"')
        self.assertTrue(self.output().endswith("apple dismantleUIView\n=============== google 1111 bbb\nGoogleMapView - bbb"),
                        self.output())
        # The lanes grow: the tap, the new value and Google's new subscriptions are drawn.
        self.wait_for(lambda: self.events() > before)
        self.shoot("seed-after-set-google")
        self.tap("setAAA")
        self.wait_for(lambda: self.output().endswith("=============== google 1111 aaa\nGoogleMapView - aaa"))

    def test_a_subject_field_sends_and_an_event_shows_its_trace_line(self):
        self.open("scripts/examples/map-views.tapline")
        field = self.driver.find_element(By.CSS_SELECTOR, '#subjects .field[data-name="value2"]')
        field.find_element(By.TAG_NAME, "input").send_keys("bbb")
        field.find_element(By.TAG_NAME, "button").click()
        self.wait_for(lambda: self.output().endswith("--------------- apple 2222 bbb\nAppleMapView - bbb"))
        mark = self.driver.find_elements(By.CSS_SELECTOR, "#marbles svg g.mark")[-1]
        self.driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", mark)
        self.wait_for(lambda: "]" in self.driver.find_element(By.ID, "trace-line").text)

    def test_the_clock_moves_with_step_and_play(self):
        program = SWITCH_PROGRAM
        server = Server()
        self.addCleanup(server.stop)
        self.driver.get(server.url + "#code=" + base64.urlsafe_b64encode(program.encode()).decode().rstrip("="))
        self.wait_for(lambda: self.driver.find_element(By.ID, "clock").text == "100ms")
        before = self.marks()
        for _ in range(3):
            self.driver.find_element(By.ID, "step").click()
            time.sleep(0.3)
        self.wait_for(lambda: self.driver.find_element(By.ID, "clock").text == "400ms")
        self.wait_for(lambda: "results for swift" in self.output())
        self.assertNotIn("results for sw\n", self.output() + "\n")
        self.assertGreater(self.marks(), before)
        self.driver.find_element(By.ID, "play").click()
        self.wait_for(lambda: int(self.driver.find_element(By.ID, "clock").text.rstrip("ms")) >= 700)
        self.driver.find_element(By.ID, "pause").click()
        self.shoot("switch-to-latest")

    def test_errors_are_marked_as_you_type(self):
        self.open("scripts/examples/map-views.tapline")
        self.driver.execute_script("document.querySelector('.CodeMirror').CodeMirror.setValue('subject s: Int\\ntap nothing\\n')")
        self.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, "#diagnostics div[data-id=unknownName]"))
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, ".cm-tapline-error"))

    def test_a_lesson_checks_the_answer(self):
        self.open("--learn", "2")
        self.assertTrue(self.driver.find_element(By.ID, "lesson-title").text)
        self.driver.find_element(By.ID, "check").click()
        self.wait_for(lambda: self.driver.find_element(By.ID, "verdict").text == "✗ Not yet")
        self.shoot("lesson-2")

    def test_a_view_body_is_drawn_with_buttons_that_tap(self):
        server = Server("scripts/examples/counter-view.tapline")
        self.addCleanup(server.stop)
        self.driver.get(server.url)
        self.wait_for(lambda: self.view_state("CounterView") == "dismantled")
        self.driver.execute_script("document.querySelector('.CodeMirror').CodeMirror.setValue("
                                   "document.querySelector('.CodeMirror').CodeMirror.getValue().replace('hide CounterView', ''))")
        self.driver.find_element(By.ID, "run").click()
        self.wait_for(lambda: self.view_state("CounterView") == "mounted")
        panel = lambda: self.driver.find_element(By.CSS_SELECTOR, '.view-panel[data-view="CounterView"]').text
        self.wait_for(lambda: "Count: 1" in panel())
        self.driver.find_element(By.CSS_SELECTOR, '.view-panel button[data-tap="plus"]').click()
        self.wait_for(lambda: "Count: 2" in panel())


if __name__ == "__main__":
    unittest.main()
