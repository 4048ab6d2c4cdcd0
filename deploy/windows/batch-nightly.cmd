@echo off
rem batch's nightly run, for Windows Task Scheduler (README.md, "For cron", On Windows).
rem Copy it to C:\vacancies beside batch.exe, and put your own values in the set lines.
cd /d C:\vacancies
set "BATCH_SMTP_URL=smtp://elections@example.org@smtp.office365.com:587"
set "BATCH_SMTP_PASSWORD_FILE=C:\vacancies\smtp-password.txt"
set "BATCH_MAIL_FROM=Elections <elections@example.org>"
set "BATCH_MAIL_TO=elections@example.org"
set "BATCH_MAIL_RECIPIENTS=C:\vacancies\boards.csv"
set "BATCH_MAIL_ON_ERROR=elections@example.org"
batch.exe run -q --compare auto --split county --format xlsx,csv,json,digest --fail-on action,changed --mail -o out inbox\*.xlsx 2>>batch.log
