-- What came back about a delivered copy after the mail server took it (decision 0034): a DSN or
-- feedback report at the bounce listener, or a provider's event. The worst seen: 'complaint',
-- then 'hard', then 'soft'; null while nothing came back. The publish page counts them. The
-- address's suppression itself is the subscribers plugin's (mail_bounces), which also took over
-- mail_suppressions: that table is no longer written nor read.
alter table issue_deliveries add column bounce text check (bounce in ('hard', 'soft', 'complaint'));
