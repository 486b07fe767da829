using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;

namespace Cqrs;

/// <summary>
/// Where the in-process transport keeps dead-lettered messages (in memory: in-process mode is not durable;
/// use Service Bus for that). Holds at most <see cref="InProcessOptions.DeadLetterCapacity"/> of them: past it
/// the oldest is dropped, counted in <see cref="Dropped"/> and logged with its id. Thread-safe.
/// </summary>
public sealed partial class InProcessDeadLetterQueue
{
    private readonly Queue<DeadLetter> _messages = new();
    private readonly int _capacity;
    private readonly ILogger _logger;
    private long _dropped;

    /// <summary>A queue that holds at most <see cref="InProcessOptions.DeadLetterCapacity"/>'s default.</summary>
    public InProcessDeadLetterQueue()
        : this(new InProcessOptions().DeadLetterCapacity, NullLogger<InProcessDeadLetterQueue>.Instance)
    {
    }

    internal InProcessDeadLetterQueue(int capacity, ILogger<InProcessDeadLetterQueue> logger)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 1);
        _capacity = capacity;
        _logger = logger;
    }

    /// <summary>How many dead-lettered messages are held.</summary>
    public int Count
    {
        get
        {
            lock (_messages)
            {
                return _messages.Count;
            }
        }
    }

    /// <summary>How many of the oldest were dropped to keep within the capacity.</summary>
    public long Dropped => Interlocked.Read(ref _dropped);

    /// <summary>The dead-lettered messages held, oldest first.</summary>
    public IReadOnlyList<DeadLetter> Snapshot()
    {
        lock (_messages)
        {
            return [.. _messages];
        }
    }

    internal void Add(DeadLetter message)
    {
        DeadLetter? dropped = null;
        lock (_messages)
        {
            if (_messages.Count == _capacity)
            {
                dropped = _messages.Dequeue();
            }

            _messages.Enqueue(message);
        }

        if (dropped is not null)
        {
            Interlocked.Increment(ref _dropped);
            LogDropped(dropped.WireName, dropped.MessageId, dropped.Reason, _capacity);
        }
    }

    [LoggerMessage(Level = LogLevel.Error, Message = "Dropped dead letter {WireName} {MessageId} ({Reason}): the in-process dead-letter queue holds {Capacity}, and it was the oldest.")]
    private partial void LogDropped(string wireName, Guid messageId, string reason, int capacity);
}
