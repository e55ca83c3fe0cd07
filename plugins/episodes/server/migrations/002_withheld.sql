-- A TTS episode whose story became premium is taken out of the podcast and held there: its audio
-- is the story's text, for subscribers only, until the story is free again (or attached anew).
alter table episodes add column withheld boolean not null default false;
