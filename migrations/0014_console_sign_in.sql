-- Console sign-in lockout (README: Operator console): failed sign-ins counted per email, known or not, so the
-- answer never tells whether an operator exists; 5 failures in a row lock that email for 15 minutes.

CREATE TABLE console_login_failures (
  email text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
