/** A login id that is an email address gets mail (reset links, notices); other ids get none. */
export const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
