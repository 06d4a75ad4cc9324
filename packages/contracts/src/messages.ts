// Every user-facing text the specs fix, word for word. Forms and services import these.

// Storefront: upload and order (storefront spec §5, §8)
export const NO_VALID_AUDIO = 'No valid audio files found. Please upload .wav, .mp3, .flac, .aiff, or .m4a files.';
export const filesTooLarge = (names: string[], maxFileSizeMb = 500) => `File(s) too large: ${names.join(', ')}. Maximum size is ${maxFileSizeMb}MB per file.`;
export const NO_FILES = 'Please upload at least one audio file.';
export const NO_EMAIL = 'Please enter your email address.';
export const STILL_UPLOADING = 'Please wait for all files to finish uploading before proceeding to payment.';
export const someFilesFailed = (names: string[]) => `Some files failed to upload: ${names.join(', ')}. Please try uploading them again.`;
export const UPLOAD_INCOMPLETE = 'File upload incomplete. Please try refreshing and uploading again.';
export const failedToUpload = (name: string) => `Failed to upload ${name}. Please try again.`;
export const PAYMENT_PROCESSING_FAILED = 'Payment processing failed. Please try again.';
export const PAYMENT_REDIRECT_FAILED = 'Payment redirect failed. Please try again or contact support.';
export const SHOWCASE_LOAD_FAILED = 'Failed to load audio examples. Please try again later.';
export const SHOWCASE_EMPTY = 'Audio examples will appear here once uploaded by admin.';
export const SHOWCASE_LOADING = 'Loading audio examples...';
export const NOT_FOUND_PAGE = '404 Page Not Found';

// Login (storefront spec §8)
export const LOGIN_SEND_FAILED = 'Failed to send login code. Please try again.';
export const INVALID_OR_EXPIRED_CODE = 'Invalid or expired code';
export const CODE_SENT = 'Code sent!';
export const WELCOME = 'Welcome!';

// Back-office forms (back-office spec §5)
export const FILL_REQUIRED = 'Please fill in all required fields';
export const TITLE_REQUIRED = 'Title is required';
export const ARTIST_REQUIRED = 'Artist is required';
export const GENRE_REQUIRED = 'Genre is required';
export const BEFORE_REQUIRED = 'Before description is required';
export const AFTER_REQUIRED = 'After description is required';
export const NAME_REQUIRED = 'Name is required';
export const ROLE_REQUIRED = 'Role is required';
export const CONTENT_REQUIRED_TESTIMONIAL = 'Testimonial content is required';
// Not a spec text: the spec fixes the 1-5 range but not its message.
export const RATING_RANGE = 'Rating must be 1 to 5';
export const SUBJECT_REQUIRED = 'Subject is required';
export const SUBJECT_TOO_LONG = 'Subject too long';
export const CONTENT_REQUIRED = 'Content is required';
export const SELECT_TEMPLATE = 'Please select an email template';
export const fillIn = (fields: string[]) => `Please fill in: ${fields.join(', ')}`;
export const FILL_EMAIL_FIELDS = 'Please fill in all email fields';
// Not a spec text: the spec requires HTML content without fixing the message.
export const HTML_CONTENT_REQUIRED = 'HTML content is required';
export const INVALID_EMAIL = 'Invalid email address';
export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
