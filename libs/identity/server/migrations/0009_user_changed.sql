-- Every API replica listens: an account whose row changes (an address verified, two-factor turned on or
-- off, a new name or address) is dropped from the session caches at once, so no route answers from what
-- the account was. A deleted account's sessions end with it (auth_session_ended).
CREATE FUNCTION auth_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_user_changed', NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER auth_users_changed AFTER UPDATE ON auth_users FOR EACH ROW
  WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION auth_user_changed();
