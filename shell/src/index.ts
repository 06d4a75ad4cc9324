// Async boundary: lets the federation runtime set up shared singletons before React loads.
import('./bootstrap');
