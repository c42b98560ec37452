"""Headless Chromium for the page tests (inspector_browser_test.py, simulator_browser_test.py):
Debian's chromium and chromedriver, or those CHROMIUM and CHROMEDRIVER name."""
import os

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


def make_driver(width=1600, height=1000):
    """A headless Chromium of that window size, keeping the page's console log."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}",
                     "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
                     "--disable-background-networking", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
