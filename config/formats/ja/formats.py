"""Japanese date formats (11月23日, 11月23日 18:40, 2026年11月23日 18:40)."""

MONTH_DAY_FORMAT = "n月j日"
SHORT_DATETIME_FORMAT = "n月j日 H:i"
DATETIME_FORMAT = "Y年n月j日 H:i"
