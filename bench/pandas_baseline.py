#!/usr/bin/python3
"""The pandas baseline of issue 6: what an analyst's script does.

Reads an input workbook with pandas + openpyxl (every sheet with a header
naming office and cause; title rows above it are skipped), and for each row
computes, for the general election that fills it (the year of the event
date, or the next year when the event is on or after September 20):

  - the designating-petition window: the tenth Monday before the fall
    primary ... the ninth Thursday preceding it (Elec. Law 6-158(1));
  - the party-nomination-certificate last day: primary + 7 days (6-158(6)).

The fall primary is the first Tuesday after the second Monday of September
(Elec. Law 8-100(1)(a)), except the years the legislature moved it (2007,
2012, 2015, 2018; docs/LAW.md, "Counting"). No holiday roll-over, no vacancy
rules: a fraction of what `batch run` does, on purpose.

Writes one sheet with openpyxl's write-only workbook (streaming), or, with
--to-excel, the way most scripts do it: DataFrame.to_excel (openpyxl).

  /usr/bin/python3 bench/pandas_baseline.py [--to-excel] IN.xlsx OUT.xlsx

Debian: apt-get install -y python3-pandas python3-openpyxl (the system
python, /usr/bin/python3).
"""

import datetime as dt
import re
import resource
import sys
import time

import pandas as pd
from openpyxl import Workbook

MOVED_PRIMARIES = {
    2007: dt.date(2007, 9, 18),
    2012: dt.date(2012, 9, 13),
    2015: dt.date(2015, 9, 10),
    2018: dt.date(2018, 9, 13),
}


def primary(year):
    if year in MOVED_PRIMARIES:
        return MOVED_PRIMARIES[year]
    d = dt.date(year, 9, 1)
    first_monday = d + dt.timedelta(days=(0 - d.weekday()) % 7)
    second_monday = first_monday + dt.timedelta(days=7)
    return second_monday + dt.timedelta(days=1)


def nth_weekday_before(d, weekday, n):
    """The nth <weekday> before d; d itself never counts."""
    back = (d.weekday() - weekday) % 7 or 7
    return d - dt.timedelta(days=back + 7 * (n - 1))


MONDAY, THURSDAY = 0, 3


def deadlines(year):
    p = primary(year)
    return (p, nth_weekday_before(p, MONDAY, 10), nth_weekday_before(p, THURSDAY, 9),
            p + dt.timedelta(days=7))


def squash(s):
    return re.sub(r"[^a-z0-9]", "", str(s).lower())


OFFICE = {"office", "officetitle", "position"}
CAUSE = {"cause", "reason", "event"}
EVENT = {"eventdate", "date", "dateofevent"}
ID = {"vacancyid", "id", "ref"}


def frames(path):
    """Each data sheet as a DataFrame under its own header row."""
    if path.lower().endswith(".csv"):
        yield pd.read_csv(path, dtype=str, keep_default_na=False)
        return
    raw = pd.read_excel(path, sheet_name=None, header=None, engine="openpyxl")
    for name, df in raw.items():
        if name.lower() == "calendar":
            continue
        for i in range(min(len(df), 20)):
            keys = {squash(v) for v in df.iloc[i].tolist()}
            if keys & OFFICE and keys & CAUSE:
                body = df.iloc[i + 1:]
                body.columns = [str(v) for v in df.iloc[i].tolist()]
                yield body.dropna(how="all")
                break


def column(df, names):
    for c in df.columns:
        if squash(c) in names:
            return df[c]
    return pd.Series([None] * len(df), index=df.index)


def main(src, dst, idiomatic=False):
    t0 = time.time()
    parts = []
    for df in frames(src):
        parts.append(pd.DataFrame({
            "vacancy_id": column(df, ID),
            "office": column(df, OFFICE),
            "event_date": pd.to_datetime(column(df, EVENT), errors="coerce"),
        }))
    data = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()
    t_read = time.time()

    data = data.dropna(subset=["event_date"])
    ev = data["event_date"]
    after = (ev.dt.month > 9) | ((ev.dt.month == 9) & (ev.dt.day >= 20))
    data["filling_year"] = ev.dt.year + after.astype(int)
    table = {y: deadlines(int(y)) for y in data["filling_year"].unique()}
    data["primary"] = data["filling_year"].map(lambda y: table[y][0])
    data["petition_start"] = data["filling_year"].map(lambda y: table[y][1])
    data["petition_end"] = data["filling_year"].map(lambda y: table[y][2])
    data["party_certificate"] = data["filling_year"].map(lambda y: table[y][3])
    t_compute = time.time()

    cols = ["vacancy_id", "office", "event_date", "filling_year", "primary",
            "petition_start", "petition_end", "party_certificate"]
    if idiomatic:
        # What most analysts' scripts do: let pandas write the workbook.
        data[cols].to_excel(dst, sheet_name="Deadlines", index=False, engine="openpyxl")
    else:
        # The tuned way: openpyxl's streaming (write-only) workbook.
        wb = Workbook(write_only=True)
        ws = wb.create_sheet("Deadlines")
        ws.append(cols)
        for row in data[cols].itertuples(index=False):
            ws.append([row.vacancy_id, row.office, row.event_date.date(), int(row.filling_year),
                       row.primary, row.petition_start, row.petition_end, row.party_certificate])
        wb.save(dst)
    t_write = time.time()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"pandas_baseline: {len(data)} rows; read {t_read - t0:.1f} s, compute "
          f"{t_compute - t_read:.1f} s, write {t_write - t_compute:.1f} s, total "
          f"{t_write - t0:.1f} s, peak RSS {peak} MB", file=sys.stderr)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--to-excel"]
    if len(args) != 2:
        sys.exit("usage: pandas_baseline.py [--to-excel] IN.xlsx OUT.xlsx")
    main(args[0], args[1], idiomatic="--to-excel" in sys.argv[1:])
