// Async boundary: shared singletons are negotiated before any page code runs.
import('./bootstrap');
