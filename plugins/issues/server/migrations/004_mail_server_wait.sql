-- What the run sending an issue waits for while its mail server cannot be reached (JSON: state,
-- message, since, retryAt, answer; decision 0020), so that every process answers the publish page
-- the same. Null while the server answers.
alter table issue_sending add column mail_server text;
