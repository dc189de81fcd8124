"""English date formats as Tenbo has always shown them (23 Nov, 23 Nov, 18:40)."""

MONTH_DAY_FORMAT = "j M"
SHORT_DATETIME_FORMAT = "j M, H:i"
DATETIME_FORMAT = "j M Y, H:i"
