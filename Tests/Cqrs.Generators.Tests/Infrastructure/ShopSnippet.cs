namespace Cqrs.Generators.Tests.Infrastructure;

/// <summary>A small but complete project: every supported member type, every kind of handler, a validator.</summary>
internal static class ShopSnippet
{
    public const string Source = """
        using FluentValidation;

        namespace Shop;

        public enum Priority : byte { Low, High }

        public enum Balance : long { Debit = -1, Credit = 1 }

        public sealed class Address
        {
            [Key(0)] public string Street { get; set; } = "";
            [Key(1)] public int? Number { get; set; }
        }

        public readonly record struct Money([property: Key(0)] decimal Amount, [property: Key(1)] string Currency);

        [WireName("shop.v1.scalars")]
        public sealed class Scalars : IEvent
        {
            [Key(0)] public bool Flag { get; set; }
            [Key(1)] public byte Byte { get; set; }
            [Key(2)] public sbyte SByte { get; set; }
            [Key(3)] public short Short { get; set; }
            [Key(4)] public ushort UShort { get; set; }
            [Key(5)] public int Int { get; set; }
            [Key(6)] public uint UInt { get; set; }
            [Key(7)] public long Long { get; set; }
            [Key(8)] public ulong ULong { get; set; }
            [Key(9)] public float Float { get; set; }
            [Key(10)] public double Double { get; set; }
            [Key(11)] public char Char { get; set; }
            [Key(12)] public decimal Decimal { get; set; }
            [Key(13)] public string? Text { get; set; }
            [Key(14)] public Guid Id { get; set; }
            [Key(15)] public DateTime At { get; set; }
            [Key(16)] public DateTimeOffset AtOffset { get; set; }
            [Key(17)] public TimeSpan Duration { get; set; }
            [Key(18)] public byte[]? Bytes { get; set; }
            [Key(19)] public Priority Priority { get; set; }
            [Key(20)] public Balance Balance { get; set; }
            [Key(21)] public int? MaybeInt { get; set; }
            [Key(22)] public Priority? MaybePriority { get; set; }
            [Key(23)] public Guid? MaybeId { get; set; }
            [Key(24)] public int @event { get; set; }
        }

        [WireName("shop.v1.collections")]
        public sealed record Collections(
            [property: Key(0)] int[] Numbers,
            [property: Key(1)] List<string?> Names,
            [property: Key(2)] IList<Money> Prices,
            [property: Key(3)] IReadOnlyList<Address?> Addresses,
            [property: Key(4)] ICollection<long> Longs,
            [property: Key(5)] IReadOnlyCollection<Priority> Priorities,
            [property: Key(6)] IEnumerable<int?> Optional,
            [property: Key(7)] Dictionary<string, Money> ByCurrency,
            [property: Key(8)] IDictionary<Priority, List<int>> ByPriority,
            [property: Key(9)] IReadOnlyDictionary<Guid, byte[]> Blobs,
            [property: Key(10)] int[][] Jagged,
            [property: Key(11)] List<int[]>[] Deep) : IEvent
        {
            [Key(13)] public Address? Home { get; init; }
            [Key(14)] public Money? Tip { get; init; }
            [Key(15)] public List<Dictionary<string, Address>>? Nested { get; init; }
        }

        [WireName("shop.v1.ping")]
        public readonly record struct Ping([property: Key(0)] int Sequence) : ICommand;

        [WireName("shop.v1.rename")]
        public sealed class Rename(Guid id, string name) : ICommand
        {
            [Key(0)] public Guid Id { get; } = id;
            [Key(1)] public string Name { get; } = name;
            [Key(3)] public string? Note { get; set; }
        }

        public sealed record FindName([property: Key(0)] Guid Id) : IQuery<string?>;

        public sealed class PingHandler : ICommandHandler<Ping>
        {
            public ValueTask HandleAsync(Ping command, IMessageContext context, CancellationToken cancellationToken) => default;
        }

        public sealed class RenameHandler : ICommandHandler<Rename>, IQueryHandler<FindName, string?>
        {
            public static TaskCompletionSource<Rename> Received { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

            public ValueTask HandleAsync(Rename command, IMessageContext context, CancellationToken cancellationToken)
            {
                Received.TrySetResult(command);
                return default;
            }

            public ValueTask<string?> HandleAsync(FindName query, CancellationToken cancellationToken) => new((string?)null);
        }

        public sealed class Audit : IEventHandler<Scalars>, IEventHandler<Collections>
        {
            public ValueTask HandleAsync(Scalars @event, IMessageContext context, CancellationToken cancellationToken) => default;

            public ValueTask HandleAsync(Collections @event, IMessageContext context, CancellationToken cancellationToken) => default;
        }

        public sealed class PingValidator : AbstractValidator<Ping>
        {
            public PingValidator() => RuleFor(ping => ping.Sequence).GreaterThan(0);
        }

        public static class Samples
        {
            public static Scalars Scalars() => new()
            {
                Flag = true,
                Byte = 200,
                SByte = -5,
                Short = -300,
                UShort = 60000,
                Int = -70000,
                UInt = 4000000000,
                Long = long.MinValue,
                ULong = ulong.MaxValue,
                Float = 1.5f,
                Double = -2.25,
                Char = 'é',
                Decimal = 12.345m,
                Text = "héllo",
                Id = new Guid("6f9619ff-8b86-d011-b42d-00cf4fc964ff"),
                At = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc),
                AtOffset = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(2)),
                Duration = TimeSpan.FromMinutes(90),
                Bytes = [1, 2, 3],
                Priority = Priority.High,
                Balance = Balance.Debit,
                MaybeInt = null,
                MaybePriority = Priority.Low,
                MaybeId = Guid.Empty,
                @event = 7,
            };

            public static Collections Collections() => new(
                [1, -2, 300],
                ["a", null, "c"],
                [new Money(1.5m, "EUR")],
                [new Address { Street = "Main", Number = 5 }, null],
                [long.MaxValue],
                [Priority.High, Priority.Low],
                Enumerate(),
                new() { ["EUR"] = new Money(2m, "EUR") },
                new Dictionary<Priority, List<int>> { [Priority.Low] = [1, 2] },
                new Dictionary<Guid, byte[]> { [Guid.Empty] = [9] },
                [[1], [], [2, 3]],
                [[[4, 5]], []])
            {
                Home = new Address { Street = "Home" },
                Tip = new Money(0.5m, "USD"),
                Nested = [new() { ["work"] = new Address { Street = "Office", Number = 12 } }],
            };

            private static IEnumerable<int?> Enumerate()
            {
                yield return 1;
                yield return null;
            }
        }
        """;
}
