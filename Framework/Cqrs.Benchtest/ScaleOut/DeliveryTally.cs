namespace Cqrs.Benchtest.ScaleOut;

/// <summary>
/// What the consumers of a scale-out run handled between them, for one range of sequences: operations no consumer
/// completed, and event handler runs beyond one per handler (an event handled twice, by one consumer or by two).
/// </summary>
/// <param name="Lost">Operations sent whose event handlers did not all run: fewer runs than handlers.</param>
/// <param name="Duplicates">Handler runs beyond the handlers' count, summed over the operations.</param>
/// <param name="CompletedPerConsumer">Operations each consumer ran every event handler of, in the consumers' order.</param>
internal sealed record DeliveryTally(int Lost, int Duplicates, IReadOnlyList<int> CompletedPerConsumer)
{
    /// <summary>Adds up the consumers' handler runs (<see cref="HandledLedger.Runs"/>) over the sequences [first, first + count).</summary>
    /// <exception cref="ArgumentException">A consumer's runs do not cover the range.</exception>
    public static DeliveryTally Of(IReadOnlyList<byte[]> runsPerConsumer, int first, int count, int handlersPerOperation)
    {
        ArgumentNullException.ThrowIfNull(runsPerConsumer);
        if (runsPerConsumer.Any(runs => runs.Length < first + count))
        {
            throw new ArgumentException($"Each consumer's runs must cover the sequences {first} to {first + count - 1}.", nameof(runsPerConsumer));
        }

        var lost = 0;
        var duplicates = 0;
        for (var sequence = first; sequence < first + count; sequence++)
        {
            var runs = runsPerConsumer.Sum(consumer => consumer[sequence]);
            lost += runs < handlersPerOperation ? 1 : 0;
            duplicates += Math.Max(0, runs - handlersPerOperation);
        }

        int[] completed = [.. runsPerConsumer.Select(consumer => consumer.Skip(first).Take(count).Count(runs => runs >= handlersPerOperation))];
        return new DeliveryTally(lost, duplicates, completed);
    }
}
