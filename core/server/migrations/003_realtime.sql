-- Live events between server processes (socket.io's PostgreSQL adapter, used with DATABASE_URL):
-- notifications carry the events; a payload too large for one goes through this table.
create table socket_io_attachments (
  id bigserial unique,
  created_at timestamptz default now(),
  payload bytea
);
