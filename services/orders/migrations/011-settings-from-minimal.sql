-- The settings record has its own storage (orders.settings, 009-settings-and-student-limits.sql):
-- what an admin set in the stand-in (010) is carried over, the fields set in the record itself
-- winning, and the stand-in goes.
INSERT INTO orders.settings (id, value, updated_at)
SELECT 'settings', value, updated_at FROM orders.settings_minimal
ON CONFLICT (id) DO UPDATE SET value = excluded.value || orders.settings.value;
DROP TABLE orders.settings_minimal;
