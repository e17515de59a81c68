-- Sign-up refuses an e-mail address an account has already: looked up by its lower case, which
-- this index keeps a single probe however many accounts there are. Not unique: accounts created
-- before may share an address (new ones sign in with theirs as their unique user name).
CREATE INDEX users_mail_lower ON users (lower(mail));
