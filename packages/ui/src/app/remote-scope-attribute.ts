/** The attribute that marks a remote's part of the page; the remote's utilities are scoped to it. */
export const REMOTE_SCOPE_ATTRIBUTE = 'data-remote';
