import { App } from 'antd';
import { useCallback, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPageImage } from '../../api/attachment';
import type { CodeEditorHandle } from './CodeEditor';

/** Seed 001 §5: the image types a paste uploads. */
const PASTABLE_IMAGE = /^image\/(jpeg|jpg|gif|png|bmp|webp)$/;
const PASTABLE_EXTENSION = /\.(jpe?g|gif|png|bmp|webp)$/i;

export function isPastableImage(file: File): boolean {
  return PASTABLE_IMAGE.test(file.type) || (file.type === '' && PASTABLE_EXTENSION.test(file.name));
}

/** Markdown wants no brackets or line breaks in an image's alt text. */
function altText(name: string): string {
  return name.replace(/[[\]\r\n]/g, ' ').trim() || 'image';
}

let pasteCount = 0;

/**
 * A screenshot pasted (or an image dropped) into the text is uploaded at once; a placeholder marks
 * its place meanwhile and becomes the markdown image when the upload answers.
 */
export function useImagePaste({ itemId, pageId, editor, onUploaded }: { itemId: number; pageId: number; editor: RefObject<CodeEditorHandle | null>; onUploaded(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    (files: File[]): boolean => {
      const images = files.filter(isPastableImage);
      if (images.length === 0) return false;
      for (const image of images) {
        const alt = altText(image.name);
        const marker = `![${t('editor.uploadingImage', { name: alt })} #${++pasteCount}]()`;
        editor.current?.insert(marker);
        uploadPageImage(image, itemId, pageId)
          .then((url) => {
            editor.current?.replaceMarker(marker, `![${alt}](${url})`);
            onUploaded();
          })
          .catch((error: unknown) => {
            editor.current?.replaceMarker(marker, '');
            const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
            void message.error(t('editor.imageUploadFailed') + detail);
          });
      }
      return true;
    },
    [itemId, pageId, editor, onUploaded, message, t],
  );
}
