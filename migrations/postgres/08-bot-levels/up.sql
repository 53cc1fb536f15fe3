-- How strongly each seat's bot plays: easy, normal or hard. Seats stored before levels existed, and
-- people's seats (whose bot only stands in when they resign or are skipped), play at normal.
ALTER TABLE seats ADD COLUMN bot_level TEXT NOT NULL DEFAULT 'normal';
