import random
from tests.web.conftest import open_page, wait_seq, point_once, next_table

def test_shots(live_server, browser):
    made = live_server.create("rail-line", ["human", "random"], names=["Ann", "B"])
    page = open_page(browser, made["seats"][0]["link"], lang="de-DE").page
    now = live_server.table(made["table"], made["admin"]["token"])
    wait_seq(page, now["seq"])
    page.screenshot(path="/tmp/rl_side.png")
    made = live_server.create("railways", ["human"], names=["S"])
    page = open_page(browser, made["seats"][0]["link"]).page
    now = live_server.table(made["table"], made["admin"]["token"])
    wait_seq(page, now["seq"])
    page.locator("#board [data-part].can").first.click()
    page.screenshot(path="/tmp/rw_dice.png")
    rnd = random.Random(1)
    point_once(page, rnd)
    now = next_table(live_server, made["table"], made["admin"]["token"], now["seq"], page)
    wait_seq(page, now["seq"])
    # point at a connection
    page.locator("#board [data-part^='conn:'].can").first.click()
    page.screenshot(path="/tmp/rw_pay.png")
