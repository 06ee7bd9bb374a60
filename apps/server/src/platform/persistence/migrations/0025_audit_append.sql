-- An audit entry appended to its chain in one statement (decision 075): the function takes the
-- chain's lock, reads the chain's head with a snapshot taken after the lock (each statement of a
-- volatile function takes its own), and inserts the entry chained. Its content hash is SHA-256 of
-- the JSON array `contentHashOf` hashes (audit.ts): the time in UTC to the microsecond, the texts,
-- the documents as jsonb text, each a JSON string or null. to_json of a text escapes exactly as
-- JSON.stringify does: the quote, the backslash, \b \f \n \r \t, the other control characters as
-- \u00xx, everything else as it is. The head's rule is chainHead's: the chain's last entry, else
-- the genesis hash after the installation's last place (a company code's chain) or after 0.
CREATE FUNCTION "audit_append"(
  entry_chain text,
  entry_user_name text,
  entry_company_code text,
  entry_action text,
  entry_entity text,
  entry_entity_key text,
  entry_before jsonb,
  entry_after jsonb
) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  entry_at timestamptz := now();
  head_seq bigint;
  head_hash text;
  entry_content_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(
    CASE WHEN entry_chain = '' THEN 'audit-chain' ELSE 'audit-chain:' || entry_chain END, 0));
  SELECT seq, hash INTO head_seq, head_hash FROM audit_log
    WHERE chain = entry_chain AND seq IS NOT NULL ORDER BY seq DESC LIMIT 1;
  IF head_seq IS NULL THEN
    head_hash := repeat('0', 64);
    IF entry_chain <> '' THEN
      SELECT seq INTO head_seq FROM audit_log
        WHERE chain = '' AND seq IS NOT NULL ORDER BY seq DESC LIMIT 1;
    END IF;
    head_seq := coalesce(head_seq, 0);
  END IF;
  entry_content_hash := encode(sha256(convert_to('['
    || coalesce(to_json(to_char(entry_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'null') || ','
    || coalesce(to_json(entry_user_name)::text, 'null') || ','
    || coalesce(to_json(entry_company_code)::text, 'null') || ','
    || coalesce(to_json(entry_action)::text, 'null') || ','
    || coalesce(to_json(entry_entity)::text, 'null') || ','
    || coalesce(to_json(entry_entity_key)::text, 'null') || ','
    || coalesce(to_json(entry_before::text)::text, 'null') || ','
    || coalesce(to_json(entry_after::text)::text, 'null') || ']', 'UTF8')), 'hex');
  INSERT INTO audit_log (at, chain, user_name, company_code, action, entity, entity_key, before, after,
      seq, prev_hash, content_hash, hash)
    VALUES (entry_at, entry_chain, entry_user_name, entry_company_code, entry_action, entry_entity,
      entry_entity_key, entry_before, entry_after, head_seq + 1, head_hash, entry_content_hash,
      encode(sha256(convert_to('[' || (head_seq + 1)::text || ',"' || head_hash || '","'
        || entry_content_hash || '"]', 'UTF8')), 'hex'));
  RETURN head_seq + 1;
END;
$$;
