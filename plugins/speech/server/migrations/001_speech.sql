-- Text to speech: the chunks a story's or an issue's text is split into, every audio each chunk
-- has had (its versions), and the audio records that put chunks in order and hold the built MP3.

create table speech_chunks (
  id text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  newsletter_id text not null references newsletters (id) on delete cascade,
  -- The story or the issue; no foreign key, content_type says which.
  content_id text not null,
  content_type text not null check (content_type in ('article', 'bullet', 'issue')),
  -- For issue audio: 'intro' or the story the chunk was taken from.
  origin text,
  text text not null,
  position integer not null default 0,
  voice_id text not null,
  stability real not null,
  similarity_boost real not null,
  -- The current audio (null while draft); every audio it had is in speech_chunk_versions.
  audio_key text,
  duration real,
  generating boolean not null default false,
  error text,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index speech_chunks_content on speech_chunks (content_id);

create table speech_chunk_versions (
  id text primary key,
  chunk_id text not null references speech_chunks (id) on delete cascade,
  text text not null,
  audio_key text not null,
  duration real not null,
  voice_id text not null,
  stability real not null,
  similarity_boost real not null,
  created_at timestamptz not null default now()
);
create index speech_chunk_versions_chunk on speech_chunk_versions (chunk_id, created_at desc);

create table speech_audios (
  id text primary key,
  publisher_id text not null references publishers (id) on delete cascade,
  newsletter_id text not null references newsletters (id) on delete cascade,
  content_id text not null,
  content_type text not null check (content_type in ('article', 'bullet', 'issue')),
  -- The chunks' ids in order (JSON array).
  parts text not null default '[]',
  status text not null default 'draft' check (status in ('draft', 'ready', 'published')),
  audio_key text,
  duration real,
  building boolean not null default false,
  error text,
  episode_id text,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The TTS list (a newsletter's audio of one content type, newest first) and a story's latest audio.
create index speech_audios_list on speech_audios (newsletter_id, content_type, created_at desc);
create index speech_audios_content on speech_audios (content_id, updated_at desc);
