-- The audit log names the sign-in account of a row with no staff member (a family account refused at
-- /admin): staff read that account's address, and nothing else of it.
GRANT SELECT (id, email) ON auth_users TO afterwards_admin;
