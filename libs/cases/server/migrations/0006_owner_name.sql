-- The dashboard names who shared a memory with the person signed in. It asked app_case_people, whose plan
-- (a union of joins calling app_person_name per row) ran again for every shared memory: 1.5 to 2.5 ms each,
-- most of the dashboard's time in PostgreSQL. This reads the one name, and only for a memory the signed-in
-- person can see (their own, or one they are on), as app_case_people does: the app role still cannot ask
-- for the name of anyone else. The name is app_person_name's rule, joined here rather than called.
CREATE FUNCTION app_case_owner_name(target uuid) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT coalesce(
    nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''),
    nullif(trim(u.name), ''),
    split_part(u.email, '@', 1),
    '')
  FROM cases c LEFT JOIN auth_users u ON u.id = c.user_id LEFT JOIN user_settings s ON s.user_id = c.user_id
  WHERE c.id = target
    AND (c.user_id = current_setting('app.user_id', true)
      OR EXISTS (SELECT 1 FROM case_members m WHERE m.case_id = target AND m.user_id = current_setting('app.user_id', true)))
$$;
REVOKE ALL ON FUNCTION app_case_owner_name(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_case_owner_name(uuid) TO afterwards_app;
