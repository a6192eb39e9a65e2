import { Loader } from '@mantine/core';
import classes from './PageLoading.module.css';

/** Stands in for a page while its chunk loads: holds the page's space, so the footer does not jump up. */
export function PageLoading() {
  return (
    <div className={classes.loading} role="status" aria-label="Loading">
      <Loader size="md" />
    </div>
  );
}
