-- A refusal raised from inside one statement (db/client.ts finishWith): the last statement of a transaction, sent with
-- its COMMIT, calls this when the row it meant to change no longer qualifies, so that the COMMIT does not run and the
-- transaction rolls back. SQLSTATE LL409; the reason is the message.
CREATE FUNCTION turn_refused(reason text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'LL409', MESSAGE = reason;
END
$$;
