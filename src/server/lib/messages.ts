/** The answer of a 404 for a record that does not exist. */
export const NOT_FOUND = 'Not found';

/** The message of a 400 whose field messages say what is wrong (as schema validation answers). */
export const INVALID_FIELDS = 'Some fields are not valid.';
