-- An invoice's stored status is Pending until it is paid in full, then Completed: one word for the
-- lists, the PDFs, the statement and the emails. Whether some payment counts toward it shows beside
-- that word (partly paid), read from its paid total; the third word settlement used to store goes.
UPDATE `invoices` SET `status` = 'Pending' WHERE `status` = 'Partially Paid' AND `complete_status` = 0;
