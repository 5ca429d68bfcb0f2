/** CloudFront Function for /i/*: the viewer's Host, passed to the picture page as X-Forwarded-Host (a client's own value is replaced). */
export const VIEWER_HOST_FUNCTION = `function handler(event) {
  var request = event.request;
  request.headers['x-forwarded-host'] = { value: request.headers.host ? request.headers.host.value : '' };
  return request;
}`;
