import { checkExport, exportUrl, type ExportChoice } from '../../api/export';

/**
 * Asks the server whether the export would go through (a refusal is alerted and rejects), then starts
 * the download with a plain link, so the browser streams the file to disk with its own progress.
 */
export async function startExport(choice: ExportChoice): Promise<void> {
  await checkExport(choice);
  const link = document.createElement('a');
  link.href = exportUrl(choice);
  // The server names the file (Content-Disposition); `download` keeps the page where it is.
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
