const uploaded = /^\/uploads\/([a-f0-9]{32})\.webp$/;

/** The 400 px thumbnail the server made beside an uploaded photo; any other picture as it is. */
export function thumbnailOf(url: string): string {
  return url.replace(uploaded, "/uploads/$1.thumb.webp");
}
