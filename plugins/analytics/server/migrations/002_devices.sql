-- The device a person read on (issue 30): desktop, mobile or tablet from the request's user agent
-- (server/classify.ts deviceOf), 'unknown' where the agent does not say and for everything counted
-- before devices were kept. Per content, day, type, source and device, kept as events arrive like
-- audience_daily; only a content's device pies read it, so audience_daily stays as small as it was.
create table audience_device_daily (
  content_id text not null,
  type text not null,
  date date not null,
  source text not null,
  device text not null check (device in ('desktop', 'mobile', 'tablet', 'unknown')),
  content_type text not null,
  newsletter_id text not null,
  total integer not null default 0,
  uniques integer not null default 0,
  machine integer not null default 0,
  machine_uniques integer not null default 0,
  duration_ms bigint not null default 0,
  primary key (content_id, type, date, source, device)
);

insert into audience_device_daily (content_id, type, date, source, device, content_type, newsletter_id, total, uniques, machine, machine_uniques, duration_ms)
select content_id, type, date, source, 'unknown', content_type, newsletter_id, total, uniques, machine, machine_uniques, duration_ms
from audience_daily;
