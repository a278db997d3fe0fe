"""The spaces Taiwan sets beside a field's value: one between Chinese and a Latin word or a
number, none between Chinese and Chinese (a name the players typed in Chinese)."""

from __future__ import annotations

import pytest

from adjudicator.core.i18n import Message
from adjudicator.core.spacing import spaced_fields, spaced_printf


@pytest.mark.parametrize(
    ("template", "values", "expected"),
    [
        ("{phone} 代 {seat} 輸入", {"phone": "Anna", "seat": "Ben"}, "Anna 代 Ben 輸入"),
        ("{phone} 代 {seat} 輸入", {"phone": "旁觀者", "seat": "阿明"}, "旁觀者代阿明輸入"),
        ("{phone} 代 {seat} 輸入", {"phone": "Anna", "seat": "阿明"}, "Anna 代阿明輸入"),
        ("排到 {player} 的隊伍", {"player": "小美"}, "排到小美的隊伍"),
        ("排到{player}的隊伍", {"player": "ben"}, "排到 ben 的隊伍"),
        (
            "{player} {place}的板塊",
            {"player": "小美", "place": "第 1 排"},
            "小美第 1 排的板塊",
        ),
        (
            "{player} {place}的板塊",
            {"player": "ben", "place": "第 1 排"},
            "ben 第 1 排的板塊",
        ),
        ("反應爐 {x}已被佔用", {"x": "A"}, "反應爐 A 已被佔用"),
        ("{count} 分", {"count": 5}, "5 分"),
        ("{cubes} {points} 分", {"cubes": "5 顆方塊", "points": 2}, "5 顆方塊 2 分"),
        ("輪到你了，{seat}。", {"seat": "阿明"}, "輪到你了，阿明。"),
        ("{a}：{b} {{x}}", {"a": "甲", "b": "乙"}, "甲：乙 {x}"),
    ],
)
def test_fields(template: str, values: dict[str, object], expected: str) -> None:
    assert spaced_fields(template, values).format(**values) == expected


@pytest.mark.parametrize(
    ("template", "values", "expected"),
    [
        ("輪到 %(seat)s，由你輸入。", {"seat": "阿明"}, "輪到阿明，由你輸入。"),
        ("輪到 %(seat)s，由你輸入。", {"seat": "Anna"}, "輪到 Anna，由你輸入。"),
        ("共 %(num)d 個", {"num": 3}, "共 3 個"),
        ("100%% 的 %(x)s 都在", {"x": "病人"}, "100% 的病人都在"),
    ],
)
def test_printf(template: str, values: dict[str, object], expected: str) -> None:
    assert spaced_printf(template, values) % values == expected


def test_message_in_chinese_only() -> None:
    """A catalog message: the Chinese sets a Chinese name tight, the English keeps spaces."""
    msgid = "A {colour} patient joins the end of {player}'s waiting line."
    message = Message("quarantine", msgid, {"colour": "blue", "player": "小美"})
    assert message.render("zh_TW").endswith("排到小美的候診隊伍最後。")
    assert message.render("en") == "A blue patient joins the end of 小美's waiting line."
