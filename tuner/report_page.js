// Draws a gemmtune report page from the JSON it carries (tuner/report_data.hpp says what it holds).
// Every text from the data enters the page as text (textContent, Chart.js labels), never as markup.
(function () {
  'use strict';

  const data = JSON.parse(document.getElementById('report-data').textContent);
  const main = document.getElementById('report');
  document.getElementById('script-needed').remove();

  Chart.defaults.animation = false;  // drawn at once, so a screenshot or a print shows every chart
  Chart.defaults.maintainAspectRatio = false;
  Chart.defaults.font.size = 11;
  const palette = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
                   '#bcbd22', '#17becf'];
  const colour = (index) => palette[index % palette.length];
  const kindColours = {tuned: '#2ca02c', measured: '#1f77b4', failed: '#d62728', predicted: '#ff7f0e',
                       default: '#7f7f7f'};

  function element(tag, parent, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    if (parent) parent.appendChild(node);
    return node;
  }

  function section(title, introduction) {
    const node = element('section', main);
    element('h2', node, title);
    if (introduction) element('p', node, introduction, 'introduction');
    return node;
  }

  // A chart's canvas, named so that a reader (or a test) finds every chart by [data-chart].
  function chart(parent, name, config, className) {
    const box = element('div', parent, undefined, className || 'chart');
    const canvas = element('canvas', box);
    canvas.dataset.chart = name;
    return new Chart(canvas, config);
  }

  // What stands in a chart's place when there is nothing to draw: said, not left empty.
  function noData(parent, name, message) {
    const node = element('div', parent, 'No data: ' + message, 'no-data');
    node.dataset.chart = name;
    return node;
  }

  function number(value, digits) {
    if (!isFinite(value)) return String(value);
    return value.toLocaleString('en-US', {maximumFractionDigits: digits === undefined ? 1 : digits});
  }

  const shape = (entry) => entry.m + 'x' + entry.n + 'x' + entry.k + ' ' + entry.trans;

  function axis(type, title, extra) {
    return Object.assign({type: type, title: {display: true, text: title}}, extra || {});
  }

  function header() {
    const summary = data.summary;
    const count = (value, noun) => number(value, 0) + ' ' + noun + (value === 1 ? '' : 's');
    element('p', main, 'Database ' + data.database + ', read ' + data.generated + ': ' +
            count(summary.evaluations, 'evaluation') + ' (' + number(summary.ok, 0) + ' ok, ' +
            number(summary.failed, 0) + ' failed) of ' + count(summary.problems, 'problem') + ' (per kernel family) in ' +
            count(summary.sessions, 'session') + ' on ' + count(summary.devices, 'device') + '; ' +
            count(data.bench.length, 'bench file') + '.', 'summary');
    if (summary.evaluations > 0 && summary.failed === 0)
      element('p', main, 'Every evaluation in this database is ok: no failure is recorded. A database imported from a ' +
              'file of tuned results (configs/tuned/*.json) holds only the leading configurations of each problem, not ' +
              'every candidate its sessions tried, so the histories below show the evaluations kept, and the failures ' +
              'chart has none to show.', 'caveat');
  }

  // Best so far against evaluations and against time, and each parameter's effect, for one problem.
  function problemsSection() {
    const node = section('Best so far, per problem',
                         'The best GFLOP/s found so far after each evaluation (failures count) and after each second ' +
                         'of the session, one line per session. Choose the problem:');
    if (data.problems.length === 0) {
      noData(node, 'best-by-evaluations', 'the database holds no evaluations.');
      noData(node, 'best-by-time', 'the database holds no evaluations.');
      const parameters = section('Effect of each parameter');
      noData(parameters, 'parameters', 'the database holds no evaluations.');
      return;
    }
    const select = element('select', node);
    select.id = 'problem';
    let chosen = 0;
    data.problems.forEach((problem, index) => {
      const option = element('option', select, problem.label + ' (' + problem.ok + ' of ' + problem.evaluations + ' ok)');
      option.value = String(index);
      if (problem.evaluations > data.problems[chosen].evaluations) chosen = index;
    });
    select.value = String(chosen);
    const histories = element('div', node, undefined, 'pair');
    const sessions = element('ul', node, undefined, 'sessions');
    const parameters = section('Effect of each parameter',
                               'GFLOP/s of the ok evaluations of the chosen problem per value of each parameter: the ' +
                               'thin bar spans minimum to maximum, the wide one the middle half, the mark is the median.');
    const grid = element('div', parameters, undefined, 'grid');
    let drawn = [];

    function draw(problem) {
      drawn.forEach((instance) => instance.destroy());
      drawn = [];
      [histories, sessions, grid].forEach((container) => container.replaceChildren());
      const series = problem.series.filter((entry) => entry.points.length > 0);
      const lines = (x) => series.map((entry, index) => ({
        label: entry.label, data: entry.points.map((point) => ({x: point[x], y: point.gflops})),
        stepped: true, borderColor: colour(index), backgroundColor: colour(index), pointRadius: 2, borderWidth: 1.5,
      }));
      const options = (xTitle) => ({
        parsing: false,
        scales: {x: axis('linear', xTitle), y: axis('linear', 'best GFLOP/s so far', {beginAtZero: true})},
        plugins: {title: {display: true, text: problem.label}, legend: {position: 'bottom'}},
      });
      if (series.length === 0) {
        noData(histories, 'best-by-evaluations', 'no evaluation of this problem is ok.');
        noData(histories, 'best-by-time', 'no evaluation of this problem is ok.');
      } else {
        drawn.push(chart(histories, 'best-by-evaluations', {type: 'line', data: {datasets: lines('evaluation')},
                                                           options: options('evaluations')}));
        drawn.push(chart(histories, 'best-by-time', {type: 'line', data: {datasets: lines('seconds')},
                                                    options: options('seconds since the session started')}));
      }
      problem.series.forEach((entry) => {
        element('li', sessions, entry.label + ': ' + number(entry.evaluations, 0) + ' evaluations recorded, ' +
                number(entry.failed, 0) + ' failed' + (entry.points.length ? '' : ', none ok'));
      });
      if (problem.parameters.length === 0) {
        noData(grid, 'parameters', 'no parameter took two values among the ok evaluations of this problem.');
        return;
      }
      problem.parameters.forEach((parameter) => {
        const labels = parameter.values.map((entry) => String(entry.value));
        drawn.push(chart(grid, 'parameter-' + parameter.name, {
          type: 'bar',
          data: {labels: labels, datasets: [
            {label: 'min to max', data: parameter.values.map((entry) => [entry.min, entry.max]), grouped: false,
             barPercentage: 0.12, backgroundColor: '#9ecae1'},
            {label: 'middle half', data: parameter.values.map((entry) => [entry.q1, entry.q3]), grouped: false,
             barPercentage: 0.6, backgroundColor: '#3182bd'},
            {type: 'line', label: 'median', data: parameter.values.map((entry) => entry.median), showLine: false,
             pointStyle: 'line', pointRadius: 12, borderWidth: 3, borderColor: '#08306b'},
          ]},
          options: {
            scales: {x: axis('category', parameter.name), y: axis('linear', 'GFLOP/s')},
            plugins: {legend: {display: false}, title: {display: true, text: parameter.name},
                      tooltip: {callbacks: {footer: (items) => 'evaluations: ' +
                                                               parameter.values[items[0].dataIndex].count}}},
          },
        }, 'chart small'));
      });
    }
    select.addEventListener('change', () => draw(data.problems[Number(select.value)]));
    draw(data.problems[chosen]);
  }

  function failuresSection() {
    const node = section('Failures by status', 'Failed evaluations of every problem, per status and kernel family.');
    const failures = data.failures;
    if (failures.failed === 0) {
      noData(node, 'failures', failures.total === 0 ? 'the database holds no evaluations.'
                                                    : 'none of the ' + number(failures.total, 0) +
                                                      ' evaluations in this database failed.');
      return;
    }
    chart(node, 'failures', {
      type: 'bar',
      data: {labels: failures.statuses, datasets: failures.kernels.map((kernel, index) => ({
        label: kernel.kernel, data: kernel.counts, backgroundColor: colour(index), maxBarThickness: 80}))},
      options: {scales: {x: axis('category', 'status', {stacked: true}),
                         y: axis('linear', 'failed evaluations', {stacked: true, beginAtZero: true, ticks: {precision: 0}})},
                plugins: {legend: {position: 'bottom'}}},
    });
  }

  function coverageSection() {
    const node = section('Dispatcher coverage',
                         'Every shape by the size of C (M·N) and the depth K. From the database: tuned (an ok ' +
                         'evaluation from a tuning session), measured (ok evaluations imported without a session) or ' +
                         'failed (evaluations, none ok); the shapes of tune --coverage that a tuned device lacks, where ' +
                         'the dispatcher predicts; and from bench files how the dispatcher chose: tuned (an exact ' +
                         'entry), predicted (ranked by the performance model from other shapes or sibling devices) or ' +
                         'default.');
    if (data.coverage.length === 0) {
      noData(node, 'coverage', 'no evaluation in the database and no bench file given.');
      return;
    }
    const sourceOf = (entry) => entry.origin === 'database' || entry.origin === 'coverage set' ? entry.origin : 'bench';
    const styles = {'database': 'circle', 'coverage set': 'rect', 'bench': 'triangle'};
    const datasets = [];
    ['tuned', 'measured', 'failed', 'predicted', 'default'].forEach((kind) => {
      ['database', 'coverage set', 'bench'].forEach((source) => {
        const points = data.coverage.filter((entry) => entry.kind === kind && sourceOf(entry) === source);
        if (points.length === 0) return;
        datasets.push({
          label: kind + ', ' + source + ' (' + points.length + ')',
          data: points.map((entry) => ({x: entry.m * entry.n, y: entry.k, entry: entry})),
          backgroundColor: kindColours[kind], borderColor: kindColours[kind], pointStyle: styles[source],
          pointRadius: source === 'database' ? 5 : 3.5,
        });
      });
    });
    chart(node, 'coverage', {
      type: 'scatter', data: {datasets: datasets},
      options: {
        scales: {x: axis('logarithmic', 'M·N (elements of C)'), y: axis('logarithmic', 'K')},
        plugins: {legend: {position: 'bottom', labels: {usePointStyle: true}},
                  tooltip: {callbacks: {label: (item) => {
                    const entry = item.raw.entry;
                    return shape(entry) + ' ' + entry.precision + ': ' + entry.kind + ' (' + entry.origin + ', ' +
                           entry.device + ')';
                  }}}},
      },
    }, 'chart tall');
  }

  function benchRun(node, run, index) {
    const title = element('h3', node, run.source);
    title.title = run.source;
    element('p', node, [run.device, run.date, run.commit ? 'commit ' + run.commit : '',
                        run.timing === 'stream' ? 'timed as streams of calls' : 'timed per call'].filter(Boolean).join(', '));
    const withRatio = run.shapes.filter((entry) => Object.values(entry.peers).some((peer) => peer.ratio !== undefined));
    if (withRatio.length === 0) {
      noData(node, 'bench-' + index + '-shapes', 'no shape where gemmtune and a peer both gave a checked time.');
      noData(node, 'bench-' + index + '-classes', 'no shape where gemmtune and a peer both gave a checked time.');
    } else {
      const flops = (entry) => 2 * entry.m * entry.n * entry.k;
      const pair = element('div', node, undefined, 'pair');
      const datasets = run.peers.map((peer, peerIndex) => ({
        label: 'over ' + peer,
        data: withRatio.filter((entry) => entry.peers[peer] && entry.peers[peer].ratio !== undefined)
          .map((entry) => ({x: flops(entry), y: entry.peers[peer].ratio, entry: entry})),
        backgroundColor: colour(peerIndex), borderColor: colour(peerIndex), pointRadius: 3,
      })).filter((dataset) => dataset.data.length > 0);
      const xs = withRatio.map(flops);
      datasets.push({label: 'as fast', type: 'line', data: [{x: Math.min(...xs), y: 1}, {x: Math.max(...xs), y: 1}],
                     borderColor: '#444', borderDash: [4, 4], borderWidth: 1, pointRadius: 0});
      chart(pair, 'bench-' + index + '-shapes', {
        type: 'scatter', data: {datasets: datasets},
        options: {
          scales: {x: axis('logarithmic', 'FLOPs of the shape (2·M·N·K)'),
                   y: axis('logarithmic', 'gemmtune speed / peer speed')},
          plugins: {title: {display: true, text: 'per shape (above 1: gemmtune faster)'}, legend: {position: 'bottom'},
                    tooltip: {callbacks: {label: (item) => item.raw.entry
                      ? shape(item.raw.entry) + ' (' + item.raw.entry.class + '): ' + number(item.raw.y, 3) + 'x'
                      : 'as fast'}}},
        },
      });
      const classes = run.classes.filter((entry) => Object.keys(entry.peers).length > 0);
      chart(pair, 'bench-' + index + '-classes', {
        type: 'bar',
        data: {labels: classes.map((entry) => entry.class + ' (' + entry.problems + ')'),
               datasets: run.peers.map((peer, peerIndex) => ({
                 label: 'over ' + peer,
                 data: classes.map((entry) => entry.peers[peer] ? entry.peers[peer].geomean : null),
                 backgroundColor: colour(peerIndex)}))},
        options: {
          scales: {x: axis('category', 'class (shapes)'), y: axis('logarithmic', 'geometric mean of the ratio')},
          plugins: {title: {display: true, text: 'per class'}, legend: {position: 'bottom'},
                    tooltip: {callbacks: {label: (item) => item.dataset.label + ': ' + number(item.raw, 3) + 'x'}}},
        },
      });
    }
    const details = element('details', node);
    element('summary', details, 'Every shape (' + run.shapes.length + ')');
    const table = element('table', details);
    const head = element('tr', element('thead', table));
    ['shape', 'class', 'configuration', 'gemmtune TFLOP/s'].forEach((text) => element('th', head, text));
    run.peers.forEach((peer) => {
      element('th', head, peer + ' TFLOP/s');
      element('th', head, 'ratio over ' + peer);
    });
    const body = element('tbody', table);
    run.shapes.forEach((entry) => {
      const row = element('tr', body);
      element('td', row, shape(entry));
      element('td', row, entry.class);
      element('td', row, entry.config_source || '');
      element('td', row, entry.gemmtune_tflops === undefined ? 'failed' : number(entry.gemmtune_tflops, 3), 'number');
      run.peers.forEach((peer) => {
        const result = entry.peers[peer];
        element('td', row, !result ? '' : result.tflops === undefined ? 'failed' : number(result.tflops, 3), 'number');
        const cell = element('td', row, result && result.ratio !== undefined ? number(result.ratio, 3) + 'x' : '',
                             'number');
        if (result && result.ratio !== undefined) cell.classList.add(result.ratio >= 1 ? 'faster' : 'slower');
      });
    });
  }

  function benchSection() {
    const node = section('gemmtune against its peers',
                         'From gemmtune bench --json files: gemmtune\'s speed over each peer\'s on the same shape ' +
                         '(above 1: gemmtune is faster), per shape and as the geometric mean per problem class.');
    if (data.bench.length === 0) {
      noData(node, 'bench', 'no bench file given (gemmtune report --bench FILE.json).');
      return;
    }
    data.bench.forEach((run, index) => benchRun(node, run, index));
  }

  header();
  problemsSection();
  failuresSection();
  coverageSection();
  benchSection();
  document.body.dataset.drawn = 'yes';
}());
