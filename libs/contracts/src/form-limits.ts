/**
 * Lengths of what people type into the store's forms, apart from the schemas that enforce them: the
 * server's schemas and the store's forms read the same numbers, so a form never refuses what the
 * server takes (or lets through what it refuses). No schema code here: a page that needs a number
 * does not pull zod in with it.
 */
export const FORM_LIMITS = {
  /** A school's (or person's) name. */
  nameMax: 120,
  /** A login id, which the original forms call "email". */
  loginIdMax: 100,
  reviewCommentMax: 2000,
  /**
   * The store asks for the student id apart; the server receives it joined with age and gender in
   * `receivingPersonName` (at most `receivingPersonNameMax`), which this always fits.
   */
  studentIdMax: 40,
  receivingPersonNameMax: 200,
  /** The teacher's name (`userLoggedInDesignation`). */
  teacherNameMax: 200,
  phoneNoMax: 40,
  emailMax: 254,
  additionalCommentsMax: 2000,
  /** Why a student needs a request over the school year's limit. */
  studentLimitReasonMax: 1000,
} as const;
