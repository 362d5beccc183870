// Labels in Spanish first, English on the toggle. Mus terms stay Spanish in both.
const ES = {
  "tab.referee": "Árbitro", "tab.live": "En directo", "tab.practice": "Práctica",
  "setup.title": "Preparar la mesa", "setup.name": "Mesa", "setup.profile": "Perfil de señas",
  "setup.target": "Tanteo", "setup.reyes": "Reyes", "setup.mano": "Mano", "setup.seat": "Asiento",
  "setup.player": "Jugador", "setup.pair": "Equipo", "setup.source": "Cámara",
  "setup.game": "Juego", "game.mus-4": "Mus · 4 jugadores", "game.mus-6": "Mus · 6 jugadores",
  "game.encaje-3": "Encaje · 3 jugadores", "game.encaje-5": "Encaje · 5 jugadores", "setup.captains": "Capitanes",
  "setup.diezreyes": "Diez reyes (sotas de copas y oros comodines)", "card.Sc": "sota de copas (comodín)", "card.So": "sota de oros (comodín)",
  "wild.1": "as", "wild.R": "rey", "show.wildmissing": "di si cada sota comodín es as o rey", "report.wild": "Comodines",
  "setup.stones": "Piedras", "setup.deal": "Reparto", "deal.mus": "con mus", "deal.five_discard_one": "cinco cartas, se descarta una",
  "status.stones": "Piedras", "status.pot": "Bote", "status.loser": "se queda con piedras: pierde",
  "setup.create": "Crear mesa", "setup.cancel": "Volver a la mesa", "setup.anysource": "cualquiera",
  "calls.amount": "Piedras", "calls.undo": "Deshacer",
  "calls.keys": "Teclas: la letra de cada botón · 1–4 (1–6 con seis) o ←/→ eligen asiento (en el descarte, 1–4 son las cartas; 0, servido, tras un mus visto) · +/− piedras · U o ⌫ deshacen la última jugada del árbitro (las señas de la cámara quedan) · al ver cartas: 1–7, S, C, R, ⌫ y Enter",
  "show.title": "Cartas a la vista", "show.submit": "Mostrar cartas",
  "show.notshown": "Cartas no mostradas", "show.cardsneeded": "hacen falta 4 cartas",
  "error.offline": "Sin conexión con el servidor: se reintenta al volver.",
  "error.nothing_to_undo": "En esta mano no hay jugada del árbitro que deshacer.",
  "error.hand_over": "La mano {hand} ya terminó: las jugadas van a la mano {current}.",
  "error.illegal_call": "«{call}» no es legal ahora (asiento {seat}): mira quién habla y qué puede decir.",
  "error.bet_too_high": "Un envite es de 2 a {target} piedras en una partida a {target}.",
  "error.hand_at_showdown": "La mano {hand} está a ver cartas: anota las cartas o ciérrala con «Cartas no mostradas».",
  "error.hand_not_over": "La mano {hand} sigue en {phase}: termínala antes de repartir.",
  "error.encaje_over": "El Encaje terminó: el asiento {seat} se queda con piedras. Prepara una mesa nueva para seguir.",
  "error.match_over": "{side} gana el encuentro: prepara una mesa nueva para seguir.",
  "error.not_at_showdown": "Las cartas se anotan al verlas: la mano {hand} está en {phase}.",
  "error.cards_already_entered": "Las cartas de la mano {hand} ya están anotadas.",
  "error.cards_not_shown": "La mano {hand} se cerró sin ver las cartas: Deshacer la reabre.",
  "error.too_many_of_rank": "Más de cuatro cartas de {ranks}: revisa las cartas anotadas.",
  "error.name_empty": "Falta el nombre de un jugador: escribe uno en cada asiento.",
  "error.name_too_long": "El nombre de un jugador tiene como mucho 40 caracteres: acórtalo.",
  "error.name_not_printable": "El nombre de un jugador solo lleva caracteres visibles: corrígelo.",
  "error.name_separator": "«{input}»: el nombre de un jugador no puede llevar «/» ni «\\», ni ser solo puntos.",
  "practice.takeseat": "¿Usar este asiento para la práctica? Sus señas no irán a la mano mientras dure.",
  "show.closed": "Mano cerrada sin ver las cartas: las señas quedan pendientes (Deshacer la reabre).",
  "confirm.notshown": "¿Cerrar la mano sin ver las cartas? Lo que se cobra a la vista no se paga y las señas quedan pendientes.",
  "confirm.newtable": "¿Dejar esta mesa para preparar otra? Se vuelve a ella desde la lista de mesas.",
  "confirm.remove": "¿Quitar esta seña del informe? Queda en el registro, marcada.",
  "tables.label": "Mesa",
  "review.change": "Cambiar", "review.remove": "Quitar", "review.restore": "Restaurar",
  "review.removed": "quitada por el árbitro", "senas.byreferee": "añadida por el árbitro",
  "senas.add": "Añadir seña", "senas.addhint": "Una seña que la cámara no vio:",
  "log.title": "Jugadas", "senas.title": "Señas", "senas.none": "Ninguna seña todavía.",
  "hand.next": "Siguiente mano", "hand.gamereport": "Informe de la partida",
  "hand.export": "Exportar sesión", "hand.newtable": "Nueva mesa",
  "live.seats": "Asientos", "live.feed": "Gestos y señas",
  "live.enrol": "Aprender sus señas", "live.enrolled": "señas aprendidas",
  "practice.bars": "Gestos en vivo", "practice.player": "Jugador", "practice.seat": "Asiento",
  "practice.badname": "El nombre de un jugador no puede llevar «/» ni «\\», ni ser solo puntos: forma parte de las direcciones de la página.",
  "practice.calibrate": "Calibrar (cara neutra)", "practice.ask": "Pedir seña",
  "practice.deal": "Repartir mano", "practice.done": "Listo",
  "practice.idle": "Pide una seña o reparte una mano.", "practice.progress": "Progreso",
  "practice.sensitivity": "Sensibilidad por gesto", "practice.save": "Guardar",
  "practice.random": "(al azar)", "practice.signal": "Haz la seña:", "practice.signalhand": "Señala esta mano:",
  "practice.ok": "Reconocida", "practice.miss": "No reconocida", "practice.seen": "visto",
  "practice.nothing": "nada", "practice.time": "tiempo", "practice.duration": "duración",
  "practice.size": "amplitud", "practice.saved": "guardado", "practice.accuracy": "Acierto",
  "practice.toobrief": "{gesture} visto, pero breve: {lasted} s; la seña se sostiene al menos {limit} s",
  "practice.toolong": "{gesture} visto, pero sostenido {lasted} s; una seña dura como mucho {limit} s",
  "practice.speed": "Tiempo hasta la seña (ms)", "practice.noprogress": "Aún no hay intentos.",
  "practice.calibrating": "calibrando", "practice.notresting": "relaja la cara: ojos abiertos, labios cerrados", "practice.ready": "calibrado", "practice.guessed": "sin verla en reposo: vuelve a calibrar con la cara relajada", "practice.noface": "sin cara", "practice.talking": "hablando: la seña se hace en silencio", "seat.unjudgeable": "cara demasiado pequeña o mal vista: no se juzga", "seat.noshoulders": "hombros fuera de cuadro: un encogimiento no se vería (siéntate más atrás o baja la cámara)", "seat.narroweyes": "ojos entornados en reposo; quizá no se lea", "seat.enroleyes": "Aprender estas", "practice.enroleyes": "hazlo una vez en «Tus señas»", "practice.unguarded": "aprendido sin mirar las cartas: una mirada a ellas podría leerse como la seña; repite «Habla y mira tus cartas» mirándolas",
  "practice.unguardedrested": "no se te vio mirar las cartas en «Habla y mira tus cartas»: una mirada a ellas podría leerse como la seña; repítelo bajando la vista a las cartas",
  "practice.enrol": "Tus señas", "practice.enrolhelp": "Tras calibrar, pulsa cada gesto y hazlo una o dos veces, a tu manera.",
  "practice.rest": "Habla y mira tus cartas", "practice.notseen": "no visto, repítelo de frente", "practice.showing": "hazlo ahora", "practice.enrolled": "aprendidos",
  "practice.peak": "amplitud",
  "status.hand": "Mano nº", "status.game": "partida", "status.mano": "Mano", "status.lance": "Lance",
  "status.speaks": "Habla", "status.bet": "Envite", "status.score": "Tanteo", "status.nobody": "nadie",
  "status.dentro": "dentro", "status.winner": "gana la partida",
  "verdict.legal": "legal", "verdict.late": "tardía", "verdict.not_allowed_now": "no permitida ahora",
  "verdict.not_in_catalogue": "fuera de catálogo", "verdict.false": "falsa",
  "truth.true": "verdadera", "truth.false": "falsa", "truth.pending": "pendiente",
  "truth.uncheckable": "no comprobable",
  "review.ack": "Reconocer", "review.overrule": "Anular", "review.note": "Nota del árbitro",
  "review.acknowledged": "reconocida", "review.overruled": "anulada",
  "review.page": "revisión", "review.lances": "lances", "review.unjudged": "sin juzgar",
  "review.speed": "velocidad", "review.verdict": "veredicto", "review.all": "todos", "review.clip": "Clip MP4",
  "review.prev": "◀ seña", "review.prevkey": "seña anterior (J)", "review.next": "seña ▶", "review.nextkey": "seña siguiente (K)",
  "review.illegal": "ilegal ▶", "review.illegalkey": "siguiente seña ilegal (I)",
  "review.frameback": "−1 fot.", "review.framebackkey": "fotograma anterior (,)", "review.framefwd": "+1 fot.", "review.framefwdkey": "fotograma siguiente (.)",
  "review.keys": "Teclas: espacio reproducir · J/K seña anterior/siguiente · I ilegal · , . fotograma · [ ] velocidad",
  "review.keysnovideo": "Teclas: J/K seña anterior/siguiente · I ilegal",
  "review.novideo": "Esta sesión no tiene vídeo grabado (grabar vídeo está desactivado por defecto): aquí están su línea de tiempo y sus señas, para revisarlas.",
  "report.title": "Resultado de la mano", "report.lance": "Lance", "report.winner": "Gana",
  "report.stones": "Piedras", "report.outcome": "Cómo", "report.false_senas": "Señas falsas",
  "report.false_decl": "Declaraciones falsas", "report.game": "Partida", "report.acta": "Acta (firmar, imprimir)", "report.hands": "manos", "report.hand": "mano",
  "acta.title": "Acta de la partida", "acta.print": "Imprimir", "acta.players": "Jugadores",
  "acta.hands": "Tanteo por mano", "acta.before": "Antes", "acta.after": "Después", "acta.result": "Resultado",
  "acta.unfinished": "sin terminar", "acta.senas": "Señas no legales", "acta.moment": "Momento", "acta.reason": "Motivo",
  "acta.none": "Ninguna", "acta.signed": "Firmada", "acta.sign": "Firmar el acta", "acta.notes": "Notas",
  "acta.sanctions": "Sanciones", "acta.addsanction": "+ Sanción", "acta.signbutton": "Firmar",
  "acta.sanction": "{kind} — asiento {seat}",
  "sanction.warning": "amonestación", "sanction.game_lost": "partida perdida", "sanction.disqualification": "descalificación",
  "report.score": "Tanteo", "report.close": "Cerrar", "report.seat": "Asiento",
  "report.pending": "por ver", "report.unpaid": "no se cobra",
  "log.callsonly": "solo jugadas", "calls.illegalkey": "no es legal ahora", "setup.defaultname": "Mesa 1",
  "health.off": "sin vídeo", "health.gap": "sin señal", "health.dropped": "perdidos",
  "health.slow": "pocos fotogramas",
  "health.slowwhy": "pocos fotogramas por segundo: un guiño breve puede perderse",
  "health.read": "fotogramas por segundo leídos",
  "health.running": "en marcha", "health.starting": "arrancando", "health.ws": "desconectado",
  "rec.off": "sin grabar", "rec.switch": "grabar vídeo", "rec.review": "revisar",
  "feed.gesture": "gesto", "feed.sena": "seña", "seat": "Asiento", "seat.none": "—",
  "gap.ended": "La fuente de vídeo terminó: la mesa sigue funcionando.",
  "gap.failed": "La fuente de vídeo falló: la mesa sigue funcionando.",
  "gap.dropped": "Hubo un corte de vídeo.",
};

const EN = {
  "tab.referee": "Referee", "tab.live": "Live", "tab.practice": "Practice",
  "setup.title": "Set up the table", "setup.name": "Table", "setup.profile": "Seña profile",
  "setup.target": "Target", "setup.reyes": "Reyes", "setup.mano": "Mano", "setup.seat": "Seat",
  "setup.player": "Player", "setup.pair": "Team", "setup.source": "Camera",
  "setup.game": "Game", "game.mus-4": "Mus · 4 players", "game.mus-6": "Mus · 6 players",
  "game.encaje-3": "Encaje · 3 players", "game.encaje-5": "Encaje · 5 players", "setup.captains": "Captains",
  "setup.diezreyes": "Diez reyes (the sotas de copas and de oros are wild)", "card.Sc": "sota de copas (wild)", "card.So": "sota de oros (wild)",
  "wild.1": "as", "wild.R": "rey", "show.wildmissing": "say whether each wild sota is an as or a rey", "report.wild": "Wild cards",
  "setup.stones": "Stones", "setup.deal": "Deal", "deal.mus": "with the mus", "deal.five_discard_one": "five cards, one discarded",
  "status.stones": "Stones", "status.pot": "Pot", "status.loser": "is left holding stones: loses",
  "setup.create": "Create table", "setup.cancel": "Back to the table", "setup.anysource": "any",
  "calls.amount": "Stones", "calls.undo": "Undo",
  "calls.keys": "Keys: each button's letter · 1–4 (1–6 with six) or ←/→ pick the seat (in the discards, 1–4 are the cards; 0, servido, after a mus visto) · +/− stones · U or ⌫ undo the referee's last call (the camera's señas stay) · at the showdown: 1–7, S, C, R, ⌫ and Enter",
  "show.title": "Cards shown", "show.submit": "Show cards",
  "show.notshown": "Cards not shown", "show.cardsneeded": "4 cards needed",
  "error.offline": "No connection to the server: it is retried when it is back.",
  "error.nothing_to_undo": "There is no call of the referee to undo in this hand.",
  "error.hand_over": "Hand {hand} is over: calls go to hand {current}.",
  "error.illegal_call": "“{call}” is not legal now (seat {seat}): see who speaks and what they may say.",
  "error.bet_too_high": "A bet is of 2 to {target} stones in a game to {target}.",
  "error.hand_at_showdown": "Hand {hand} is at the showdown: enter the cards, or close it with “Cards not shown”.",
  "error.hand_not_over": "Hand {hand} is still in {phase}: finish it before dealing.",
  "error.encaje_over": "The Encaje is over: seat {seat} is left holding stones. Set up a new table to play on.",
  "error.match_over": "{side} won the match: set up a new table to play on.",
  "error.not_at_showdown": "The cards are entered at the showdown: hand {hand} is in {phase}.",
  "error.cards_already_entered": "The cards of hand {hand} are already entered.",
  "error.cards_not_shown": "Hand {hand} was closed with the cards not shown: Undo reopens it.",
  "error.too_many_of_rank": "More than four cards of {ranks}: check the cards entered.",
  "error.name_empty": "A player's name is missing: write one for each seat.",
  "error.name_too_long": "A player's name has at most 40 characters: shorten it.",
  "error.name_not_printable": "A player's name takes visible characters only: correct it.",
  "error.name_separator": "“{input}”: a player's name cannot contain “/” or “\\”, nor be only dots.",
  "practice.takeseat": "Use this seat for the drill? Its señas will not go to the hand while it lasts.",
  "show.closed": "Hand closed without the cards: the señas stay pending (Undo reopens it).",
  "confirm.notshown": "Close the hand without seeing the cards? What the cards would pay is not paid and the señas stay pending.",
  "confirm.newtable": "Leave this table to set up another? You can come back to it from the table list.",
  "confirm.remove": "Remove this seña from the report? It stays in the record, marked.",
  "tables.label": "Table",
  "review.change": "Change", "review.remove": "Remove", "review.restore": "Restore",
  "review.removed": "removed by the referee", "senas.byreferee": "added by the referee",
  "senas.add": "Add seña", "senas.addhint": "A seña the camera missed:",
  "log.title": "Calls", "senas.title": "Señas", "senas.none": "No seña yet.",
  "hand.next": "Next hand", "hand.gamereport": "Game report",
  "hand.export": "Export session", "hand.newtable": "New table",
  "live.seats": "Seats", "live.feed": "Gestures and señas",
  "live.enrol": "Learn their señas", "live.enrolled": "señas learnt",
  "practice.bars": "Live gestures", "practice.player": "Player", "practice.seat": "Seat",
  "practice.badname": "A player's name cannot contain “/” or “\\”, nor be only dots: it is part of the page's addresses.",
  "practice.calibrate": "Calibrate (neutral face)", "practice.ask": "Ask for a seña",
  "practice.deal": "Deal a hand", "practice.done": "Done",
  "practice.idle": "Ask for a seña or deal a hand.", "practice.progress": "Progress",
  "practice.sensitivity": "Sensitivity per gesture", "practice.save": "Save",
  "practice.random": "(random)", "practice.signal": "Make the seña:", "practice.signalhand": "Signal this hand:",
  "practice.ok": "Recognised", "practice.miss": "Not recognised", "practice.seen": "seen",
  "practice.nothing": "nothing", "practice.time": "time", "practice.duration": "duration",
  "practice.size": "size", "practice.saved": "saved", "practice.accuracy": "Accuracy",
  "practice.toobrief": "{gesture} seen, but brief: {lasted} s; hold the seña at least {limit} s",
  "practice.toolong": "{gesture} seen, but held {lasted} s; a seña lasts at most {limit} s",
  "practice.speed": "Time to signal (ms)", "practice.noprogress": "No attempts yet.",
  "practice.calibrating": "calibrating", "practice.notresting": "relax your face: eyes open, lips closed", "practice.ready": "calibrated", "practice.guessed": "never seen at rest: calibrate again with the face relaxed", "practice.noface": "no face", "practice.talking": "talking: a seña is made in silence", "seat.unjudgeable": "face too small or too poorly seen to judge", "seat.noshoulders": "shoulders out of the picture: a shrug would not be seen (sit further back or lower the camera)", "seat.narroweyes": "eyes resting narrowed; may go unread", "seat.enroleyes": "Learn these", "practice.enroleyes": "show it once under “Your señas”", "practice.unguarded": "learnt without a look at your cards: a look down could read as the seña; repeat “Talk, look at your cards” looking at them",
  "practice.unguardedrested": "no look down at your cards was seen in “Talk, look at your cards”: a look down could read as the seña; do it again, looking down at them",
  "practice.enrol": "Your señas", "practice.enrolhelp": "After calibrating, press each gesture and make it once or twice, your own way.",
  "practice.rest": "Talk, look at your cards", "practice.notseen": "not seen, show it again facing the camera", "practice.showing": "do it now", "practice.enrolled": "learnt",
  "practice.peak": "size",
  "status.hand": "Hand", "status.game": "game", "status.mano": "Mano", "status.lance": "Lance",
  "status.speaks": "To speak", "status.bet": "Bet", "status.score": "Score", "status.nobody": "nobody",
  "status.dentro": "dentro", "status.winner": "wins the game",
  "verdict.legal": "legal", "verdict.late": "late", "verdict.not_allowed_now": "not allowed now",
  "verdict.not_in_catalogue": "not in catalogue", "verdict.false": "false",
  "truth.true": "true", "truth.false": "false", "truth.pending": "pending",
  "truth.uncheckable": "uncheckable",
  "review.ack": "Acknowledge", "review.overrule": "Overrule", "review.note": "Referee's note",
  "review.acknowledged": "acknowledged", "review.overruled": "overruled",
  "review.page": "review", "review.lances": "lances", "review.unjudged": "not judged",
  "review.speed": "speed", "review.verdict": "verdict", "review.all": "all", "review.clip": "MP4 clip",
  "review.prev": "◀ seña", "review.prevkey": "previous seña (J)", "review.next": "seña ▶", "review.nextkey": "next seña (K)",
  "review.illegal": "illegal ▶", "review.illegalkey": "next illegal seña (I)",
  "review.frameback": "−1 frame", "review.framebackkey": "previous frame (,)", "review.framefwd": "+1 frame", "review.framefwdkey": "next frame (.)",
  "review.keys": "Keys: space play · J/K previous/next seña · I illegal · , . frame · [ ] speed",
  "review.keysnovideo": "Keys: J/K previous/next seña · I illegal",
  "review.novideo": "This session has no recorded video (recording video is off by default): its timeline and señas are here to review.",
  "report.title": "Hand result", "report.lance": "Lance", "report.winner": "Winner",
  "report.stones": "Stones", "report.outcome": "How", "report.false_senas": "False señas",
  "report.false_decl": "False declarations", "report.game": "Game", "report.acta": "Match report (sign, print)", "report.hands": "hands", "report.hand": "hand",
  "acta.title": "Match report, game", "acta.print": "Print", "acta.players": "Players",
  "acta.hands": "Score by hand", "acta.before": "Before", "acta.after": "After", "acta.result": "Result",
  "acta.unfinished": "unfinished", "acta.senas": "Señas not legal", "acta.moment": "Moment", "acta.reason": "Reason",
  "acta.none": "None", "acta.signed": "Signed", "acta.sign": "Sign the report", "acta.notes": "Notes",
  "acta.sanctions": "Sanctions", "acta.addsanction": "+ Sanction", "acta.signbutton": "Sign",
  "acta.sanction": "{kind} — seat {seat}",
  "sanction.warning": "warning", "sanction.game_lost": "game lost", "sanction.disqualification": "disqualification",
  "report.score": "Score", "report.close": "Close", "report.seat": "Seat",
  "report.pending": "to be seen", "report.unpaid": "not paid",
  "log.callsonly": "calls only", "calls.illegalkey": "is not legal now", "setup.defaultname": "Table 1",
  "health.off": "no video", "health.gap": "no signal", "health.dropped": "dropped",
  "health.slow": "few frames",
  "health.slowwhy": "too few frames a second: a brief wink may be missed",
  "health.read": "frames a second read",
  "health.running": "running", "health.starting": "starting", "health.ws": "disconnected",
  "rec.off": "not recording", "rec.switch": "record video", "rec.review": "review",
  "feed.gesture": "gesture", "feed.sena": "seña", "seat": "Seat", "seat.none": "—",
  "gap.ended": "The video source ended: the table keeps working.",
  "gap.failed": "The video source failed: the table keeps working.",
  "gap.dropped": "The video dropped for a moment.",
};

// Calls, phases, meanings and gestures: Spanish words of the game, English glosses.
const TERMS = {
  es: {
    mus: "Mus", no_hay_mus: "No hay mus", descarte: "Descarte", paso: "Paso", envido: "Envido",
    sube: "Subo", quiero: "Quiero", no_quiero: "No quiero", no_queremos: "No queremos",
    ordago: "Órdago", pares: "Pares", juego: "Juego", mus_visto: "Mus visto",
    reparto_4567: "Reparto 4567", si: "sí", no: "no",
    "phase.mus": "mus", "phase.descarte": "descarte", "phase.grande": "grande",
    "phase.chica": "chica", "phase.pares_declaration": "pares (declaración)", "phase.pares": "pares",
    "phase.juego_declaration": "juego (declaración)", "phase.juego": "juego", "phase.punto": "punto",
    "phase.showdown": "a ver cartas", "phase.finished": "terminada", "phase.betting": "antes del envite",
    lip_bite: "morderse el labio", tongue_out: "sacar la lengua", mouth_twist: "torcer la boca",
    brows_raised: "levantar las cejas", wink: "guiño", eyes_closed: "cerrar los ojos",
    pout: "morros", head_tilt: "ladear la cabeza", shrug: "encoger los hombros",
    center: "centro", left: "izquierda", right: "derecha", both: "ambos",
    "outcome.paso": "en paso", "outcome.accepted": "querido", "outcome.folded": "no querido",
    "outcome.ordago": "órdago querido", "outcome.single": "sin envite (una pareja)",
    "outcome.none": "nadie tiene",
  },
  en: {
    mus: "Mus", no_hay_mus: "No mus", descarte: "Discard", paso: "Pass", envido: "Envido (bet)",
    sube: "Raise", quiero: "Accept", no_quiero: "Refuse", no_queremos: "We refuse",
    ordago: "Órdago (all in)", pares: "Pares", juego: "Juego", mus_visto: "Mus visto",
    reparto_4567: "Redeal 4567", si: "yes", no: "no",
    "phase.mus": "mus", "phase.descarte": "discards", "phase.grande": "grande",
    "phase.chica": "chica", "phase.pares_declaration": "pares (declaring)", "phase.pares": "pares",
    "phase.juego_declaration": "juego (declaring)", "phase.juego": "juego", "phase.punto": "punto",
    "phase.showdown": "showdown", "phase.finished": "finished", "phase.betting": "before any bet",
    lip_bite: "lip bite", tongue_out: "tongue out", mouth_twist: "mouth twist",
    brows_raised: "brows raised", wink: "wink", eyes_closed: "eyes closed",
    pout: "pout", head_tilt: "head tilt", shrug: "shrug",
    center: "centre", left: "left", right: "right", both: "both",
    "outcome.paso": "all passed", "outcome.accepted": "bet seen", "outcome.folded": "folded",
    "outcome.ordago": "órdago seen", "outcome.single": "no betting (one pair)",
    "outcome.none": "nobody has it",
  },
};

let lang = localStorage.getItem("keinu.lang") || "es";

export function getLang() { return lang; }

export function setLang(value) {
  lang = value;
  localStorage.setItem("keinu.lang", value);
  document.documentElement.lang = value;
  applyLabels();
}

export function t(key) {
  const table = lang === "en" ? EN : ES;
  return table[key] ?? ES[key] ?? key;
}

/** A Mus term, a phase ("phase.grande"), a gesture kind or side. */
export function term(key) {
  return TERMS[lang][key] ?? TERMS.es[key] ?? key;
}

/** "dos_reyes" -> "dos reyes" (meanings stay in Spanish: it is the table's language). */
export function meaningLabel(meaning) {
  return meaning ? meaning.replaceAll("_", " ") : "?";
}

/** A call's text in the page's words, as its button says it ("paso" is "Pass" in English). A
 * gloss stays last: "envido 5" is "Envido 5 (bet)" in English, "Envido 5" in Spanish. */
export function callLabel(text) {
  const plain = text.replaceAll(" ", "_");
  if (term(plain) !== plain) return term(plain);
  const [head, ...rest] = text.split(" ");
  const [, name, gloss] = term(head).match(/^(.*?)( \([^)]*\))?$/);
  const words = [name, ...rest.map((word) => (/^\d+$/.test(word) ? word : term(word)))].join(" ");
  return words + (gloss || "");
}

/** "lip_bite center" -> "morderse el labio (centro)". */
export function gestureLabel(label) {
  const [kind, side] = label.split(" ");
  return side ? `${term(kind)} (${term(side)})` : term(kind);
}

export function applyLabels(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
