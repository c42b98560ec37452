#!/usr/bin/env python3
"""The traffic light's simulator page (Examples/WasmSimulator), driven in headless Chromium.

Opens the built page from file:// (scripts/embedded.sh wasm builds it), and checks that the real
chart, compiled to WebAssembly, runs behind it: the diagram's highlight follows each click, the
event buttons are enabled exactly when the chart takes the event, the clock delivers delayed
events. Needs Debian's chromium, chromium-driver and python3-selenium.

    simulator_browser_test.py PAGE [--screenshot FILE]
"""
import argparse
import os
import sys
import time

from selenium.webdriver.common.by import By

from headless import make_driver

# The states in the chart's document order: the diagram's elements of state i have the class
# `sc-s<i + 1>` (StatechartsGraphviz's element classes).
STATES = ["operating", "traffic", "cycle", "resume", "red", "green", "yellow", "night",
          "pedestrian", "dontWalk", "waiting", "walk"]

class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


def highlighted(driver):
    """The states whose node or cluster in the diagram is highlighted."""
    classes = driver.execute_script(
        "return [...document.querySelectorAll('#diagram svg g.active')].map(g => g.getAttribute('class'))")
    names = set()
    for names_of_group in classes:
        for name in names_of_group.split():
            if name.startswith("sc-s"):
                names.add(STATES[int(name[4:]) - 1])
    return names


ATOMIC = {"red", "green", "yellow", "night", "dontWalk", "waiting", "walk"}


def leaves(driver):
    """The active atomic states, as the page reports them (body[data-active])."""
    return set(driver.execute_script("return document.body.dataset.active").split()) & ATOMIC


def enabled_events(driver):
    return {b.get_attribute("data-event") for b in driver.find_elements(By.CSS_SELECTOR, "button[data-event]")
            if b.is_enabled()}


def click(driver, selector):
    driver.find_element(By.CSS_SELECTOR, selector).click()


def run(page, screenshot):
    driver = make_driver(1400, 1000)
    try:
        driver.get("file://" + os.path.abspath(page))
        deadline = time.time() + 30
        while time.time() < deadline:
            state = driver.execute_script("return [document.body.dataset.ready, document.body.dataset.error]")
            if state[1]:
                raise Failure(f"the page failed to start its module: {state[1]}")
            if state[0] == "1":
                break
            time.sleep(0.1)
        else:
            raise Failure("the page did not start within 30 s")

        # Start: red and dontWalk, inside the parallel state and the cycle.
        expect(highlighted(driver) == {"operating", "traffic", "cycle", "red", "pedestrian", "dontWalk"},
               f"after start the diagram highlights {sorted(highlighted(driver))}")
        expect(enabled_events(driver) == {"timer", "button", "nightOn"},
               f"after start the enabled events are {sorted(enabled_events(driver))}")

        # The button on red: the pedestrian walks at once (an eventless transition on In(red)).
        click(driver, 'button[data-event="button"]')
        expect({"red", "walk"} <= highlighted(driver) and "dontWalk" not in highlighted(driver),
               f"after button the diagram highlights {sorted(highlighted(driver))}")
        expect(driver.find_element(By.CSS_SELECTOR, 'dd[data-counter="walks"]').text == "1", "walks is not 1")

        # Ten seconds on: the walk's delayed event ends it.
        click(driver, 'button[data-advance="10"]')
        expect("dontWalk" in highlighted(driver), f"after +10 s the diagram highlights {sorted(highlighted(driver))}")
        expect("now 10 s" in driver.find_element(By.ID, "clock").text, "the clock does not say 10 s")

        # Twenty more: the red phase's timer turns the light green.
        click(driver, 'button[data-advance="10"]')
        click(driver, 'button[data-advance="10"]')
        expect(leaves(driver) == {"green", "dontWalk"}, f"after 30 s the leaves are {sorted(leaves(driver))}")

        # Night mode leaves the cycle; its history brings the light back to green.
        click(driver, 'button[data-event="nightOn"]')
        expect("night" in highlighted(driver) and "cycle" not in highlighted(driver),
               f"after nightOn the diagram highlights {sorted(highlighted(driver))}")
        expect("nightOn" not in enabled_events(driver) and "nightOff" in enabled_events(driver),
               f"at night the enabled events are {sorted(enabled_events(driver))}")
        click(driver, 'button[data-advance="5"]')
        expect(driver.find_element(By.CSS_SELECTOR, 'dd[data-counter="blinks"]').text == "5", "five blinks expected")
        click(driver, 'button[data-event="nightOff"]')
        expect(leaves(driver) == {"green", "dontWalk"}, f"after nightOff the leaves are {sorted(leaves(driver))}")
        if screenshot:
            driver.save_screenshot(screenshot)
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--screenshot", metavar="FILE")
    args = parser.parse_args()
    try:
        run(args.page, args.screenshot)
    except Failure as failure:
        print(f"simulator: FAIL: {failure}", file=sys.stderr)
        return 1
    print("simulator: the page drives the WebAssembly chart; every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
