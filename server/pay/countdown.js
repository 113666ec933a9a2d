// The pay page's countdown to the order's deadline (served as /pay/assets/countdown.js: the CSP
// allows same-origin scripts only). Without it the page still shows the deadline time. When time
// runs out the form is disabled; the server refuses a late submission anyway.
(function () {
  var box = document.querySelector('[data-expires]');
  if (!box) return;
  var end = Date.parse(box.getAttribute('data-expires'));
  var out = box.querySelector('[data-countdown]');
  if (!out || isNaN(end)) return;
  var pad = function (n) {
    return n < 10 ? '0' + n : String(n);
  };
  var timer;
  var tick = function () {
    var left = Math.max(0, Math.floor((end - Date.now()) / 1000));
    var h = Math.floor(left / 3600);
    var m = Math.floor((left % 3600) / 60);
    var clock = (h ? h + ':' + pad(m) : String(m)) + ':' + pad(left % 60);
    out.textContent = box.getAttribute('data-left-label') + ' ' + clock;
    if (left > 0) return;
    clearInterval(timer);
    out.textContent = box.getAttribute('data-expired-text');
    var form = document.getElementById('utr-form');
    if (form) form.querySelectorAll('input, button').forEach(function (el) {
      el.disabled = true;
    });
  };
  timer = setInterval(tick, 1000);
  tick();
})();
