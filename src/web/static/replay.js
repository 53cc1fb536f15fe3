// Steps through a game's page with the keyboard: Left and Right go a move back and forward, Home and
// End to the deal and the end. It follows the page's own links, which work without it.
document.addEventListener('keydown', function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) {
    return;
  }
  var target = event.target;
  if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' ||
                 target.tagName === 'SELECT' || target.isContentEditable)) {
    return;
  }
  var step = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'last' }[event.key];
  var link = step && document.querySelector('a[data-step="' + step + '"]');
  if (link) {
    event.preventDefault();
    window.location.assign(link.href);
  }
});
