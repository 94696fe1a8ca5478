"use strict";
// Sorts the index table by a column: click a column title (again: the other
// way), or open the page as index.html#sort=COLUMN-asc|desc. The table is
// readable as written without this script.
(function () {
  var table = document.getElementById("decks");
  if (!table) { return; }
  var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var body = table.tBodies[0];
  function key(row, column) {
    var cell = row.cells[column];
    var raw = cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent;
    var number = Number(raw);
    return raw !== "" && !isNaN(number) ? number : raw.toLowerCase();
  }
  function sort(column, ascending) {
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = key(a, column), y = key(b, column);
      var order = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : (typeof x === "number" ? -1 : 1);
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    headers.forEach(function (th, i) {
      th.setAttribute("aria-sort", i === column ? (ascending ? "ascending" : "descending") : "none");
    });
  }
  headers.forEach(function (th, column) {
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = th.textContent;
    th.textContent = "";
    th.appendChild(button);
    th.setAttribute("aria-sort", "none");
    button.addEventListener("click", function () {
      sort(column, th.getAttribute("aria-sort") !== "ascending");
    });
  });
  var wanted = /^#sort=([a-z]+)-(asc|desc)$/.exec(window.location.hash);
  if (wanted) {
    headers.forEach(function (th, column) {
      if (th.getAttribute("data-column") === wanted[1]) { sort(column, wanted[2] === "asc"); }
    });
  }
  table.setAttribute("data-sortable", "ready");
})();
