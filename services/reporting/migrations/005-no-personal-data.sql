-- The read model holds no personal data: the teacher's name goes, and the receiving person (the
-- student's id, age and gender) becomes `student_key`, the student fingerprint order events carry
-- (libs/contracts/src/personal-data.ts). "Students helped" counts distinct keys.

ALTER TABLE reporting.report_orders DROP COLUMN teacher_name;
ALTER TABLE reporting.report_orders RENAME COLUMN receiving_person TO student_key;

-- Rows written before this migration hold the student in clear. Each distinct person becomes one
-- random key, the same in the read model and the rollups, so every figure stays as it was while the
-- mapping is thrown away with this transaction: nothing left can say who a key was. (Orders placed
-- from now on carry keyed fingerprints; a student served both before and after the upgrade counts
-- twice in a range that spans it, until the read model is rebuilt from the upgraded stream.)
CREATE TEMPORARY TABLE student_key_map ON COMMIT DROP AS
SELECT person, 'legacy-' || gen_random_uuid()::text AS key
FROM (
  SELECT student_key AS person FROM reporting.report_orders
  UNION SELECT person FROM reporting.report_day_students
  UNION SELECT person FROM reporting.report_student_totals
) persons;

UPDATE reporting.report_orders o SET student_key = m.key
FROM student_key_map m WHERE o.student_key = m.person;

-- The rollups' primary keys include the person: rewrite them whole.
CREATE TEMPORARY TABLE day_students_keyed ON COMMIT DROP AS
SELECT d.day, m.key AS person, d.orders
FROM reporting.report_day_students d JOIN student_key_map m ON m.person = d.person;
DELETE FROM reporting.report_day_students;
INSERT INTO reporting.report_day_students (day, person, orders)
SELECT day, person, orders FROM day_students_keyed;

CREATE TEMPORARY TABLE student_totals_keyed ON COMMIT DROP AS
SELECT m.key AS person, t.orders
FROM reporting.report_student_totals t JOIN student_key_map m ON m.person = t.person;
DELETE FROM reporting.report_student_totals;
INSERT INTO reporting.report_student_totals (person, orders)
SELECT person, orders FROM student_totals_keyed;

COMMENT ON COLUMN reporting.report_day_students.person IS 'student key (fingerprint), never a person';
COMMENT ON COLUMN reporting.report_student_totals.person IS 'student key (fingerprint), never a person';
