/** English texts of AI assistant: its admin section and what users see of it. */
export const aiEn = {
  title: 'AI assistant',
};
